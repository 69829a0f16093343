import { isOk, parseJson } from "../checks/check-helpers";
import type { Fetched } from "../types";

// A UCP business profile at /.well-known/ucp (https://ucp.dev/specification/overview):
// `ucp.services["dev.ucp.shopping"]` names the transports (since 2026-04-08 a list of
// bindings with `transport: "mcp"` and an `endpoint`; the 2026-01 drafts an object with
// `mcp.endpoint`), and `ucp.capabilities` lists what the business supports (an object
// keyed by capability name, or in the early drafts a list of `{name}`), the cart being
// `dev.ucp.shopping.cart` (https://ucp.dev/specification/shopping/cart/mcp/).

export interface UcpProfile {
  url: string;
  version: string | null;
  mcpEndpoint: string | null;
  capabilities: string[];
  hasCart: boolean;
}

type Obj = Record<string, unknown>;

function mcpEndpointOf(service: unknown): string | null {
  const bindings = Array.isArray(service) ? service : service ? [service] : [];
  for (const b of bindings as Obj[]) {
    if (!b || typeof b !== "object") continue;
    if (b.transport === "mcp" && typeof b.endpoint === "string") return b.endpoint;
    const mcp = b.mcp as Obj | undefined;
    if (mcp && typeof mcp.endpoint === "string") return mcp.endpoint;
  }
  return null;
}

export function readUcpProfile(f: Fetched | undefined): UcpProfile | null {
  if (!isOk(f)) return null;
  const json = parseJson(f.body) as Obj | undefined;
  const ucp = (json?.ucp as Obj | undefined) ?? json;
  if (!ucp || typeof ucp !== "object") return null;
  const services = (ucp.services as Obj | undefined) ?? {};
  const rawCaps = ucp.capabilities;
  const capabilities = Array.isArray(rawCaps)
    ? (rawCaps as Obj[]).map((c) => String(c?.name ?? "")).filter(Boolean)
    : rawCaps && typeof rawCaps === "object"
      ? Object.keys(rawCaps as Obj)
      : [];
  let endpoint = mcpEndpointOf(services["dev.ucp.shopping"]);
  if (endpoint) {
    try {
      endpoint = new URL(endpoint, f.finalUrl).href;
    } catch {
      endpoint = null;
    }
  }
  return {
    url: f.url,
    version: typeof ucp.version === "string" ? ucp.version : null,
    mcpEndpoint: endpoint,
    capabilities,
    hasCart: capabilities.includes("dev.ucp.shopping.cart"),
  };
}
