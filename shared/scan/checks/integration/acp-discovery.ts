import type { Fetched } from "../../types";
import { isMachineReadable, parseJson } from "../check-helpers";
import { bounded, cacheControl, type Finding } from "./discovery-finding";

// ACP discovery (agentic-commerce-protocol rfcs/rfc.discovery.md, in the 2026-04-17
// release): GET /.well-known/acp.json answers a DiscoveryResponse, publicly and
// cacheable; 404 means the platform does not support ACP. Required: `protocol` with
// `name` "acp", `version` (YYYY-MM-DD) and a non-empty, oldest-first
// `supported_versions`; `api_base_url`; `transports` (at least "rest"); `capabilities`
// with `services`. SHOULD: `Cache-Control: public, max-age=3600` or more.

export const ACP_DISCOVERY_PATH = "/.well-known/acp.json";
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** The closed enums of the release: unknown values are noted, not errors. */
const TRANSPORTS = ["rest", "mcp"];
const SERVICES = ["checkout", "carts", "orders", "delegate_payment"];

type Obj = Record<string, unknown>;

export interface AcpDiscovery {
  url: string;
  version: string | null;
  apiBaseUrl: string | null;
  transports: string[];
  services: string[];
  findings: Finding[];
}

/** A list of strings, each cut to 64 characters (enum values are short; messages quote them). */
const strings = (v: unknown): string[] | null =>
  Array.isArray(v) && v.every((x) => typeof x === "string") ? (v as string[]).map((x) => x.slice(0, 64)) : null;

/** The discovery document when one answered (null for 404, an HTML page, or no answer). */
export function readAcpDiscovery(f: Fetched | undefined): AcpDiscovery | null {
  if (!isMachineReadable(f)) return null;
  const findings: Finding[] = [];
  const error = (code: string, detail: string) => findings.push({ code, severity: "error", detail });
  const note = (code: string, detail: string) => findings.push({ code, severity: "note", detail });
  const json = parseJson(f.body) as Obj | undefined;
  if (!json || typeof json !== "object" || Array.isArray(json)) {
    error("ACP_NOT_JSON", `${f.url} is not a JSON object`);
    return { url: f.url, version: null, apiBaseUrl: null, transports: [], services: [], findings };
  }
  const protocol = (json.protocol ?? {}) as Obj;
  if (protocol.name !== "acp")
    error("ACP_PROTOCOL_NAME", `protocol.name is ${JSON.stringify(protocol.name ?? null)}, not "acp"`);
  const version = typeof protocol.version === "string" ? protocol.version : null;
  if (!version || !DATE.test(version))
    error("ACP_VERSION", `protocol.version is ${JSON.stringify(protocol.version ?? null)}, not a YYYY-MM-DD date`);
  const supported = strings(protocol.supported_versions);
  if (!supported?.length || !supported.every((v) => DATE.test(v)))
    error("ACP_SUPPORTED_VERSIONS", "protocol.supported_versions is not a non-empty list of YYYY-MM-DD versions");
  else if ([...supported].sort().join() !== supported.join() || (version && supported.at(-1) !== version))
    error(
      "ACP_SUPPORTED_VERSIONS",
      `protocol.supported_versions ${JSON.stringify(supported)} is not oldest first ending with protocol.version ${version}`,
    );
  let apiBaseUrl: string | null = null;
  try {
    apiBaseUrl =
      typeof json.api_base_url === "string" && json.api_base_url.length <= 2048
        ? new URL(json.api_base_url).href
        : null;
  } catch {
    apiBaseUrl = null;
  }
  if (!apiBaseUrl) error("ACP_API_BASE_URL", "api_base_url is missing or not an absolute URL");
  else if (!apiBaseUrl.startsWith("https:")) error("ACP_API_BASE_URL", `api_base_url ${apiBaseUrl} is not https`);
  const transports = strings(json.transports) ?? [];
  if (!transports.includes("rest"))
    error("ACP_TRANSPORTS", `transports ${JSON.stringify(json.transports ?? null)} does not include "rest"`);
  for (const t of transports.filter((t) => !TRANSPORTS.includes(t))) note("ACP_TRANSPORT_UNKNOWN", `transport "${t}"`);
  const services = strings((json.capabilities as Obj | undefined)?.services) ?? [];
  if (services.length === 0) error("ACP_SERVICES", "capabilities.services is missing or empty");
  for (const s of services.filter((s) => !SERVICES.includes(s))) note("ACP_SERVICE_UNKNOWN", `service "${s}"`);
  const cache = cacheControl(f);
  if (!cache.public || (cache.maxAge ?? 0) < 3600 || cache.forbidding.length > 0)
    note(
      "ACP_CACHE",
      `sent ${cache.raw ? `Cache-Control: ${cache.raw}` : "no Cache-Control"}; the RFC asks for public, max-age=3600 or more`,
    );
  return {
    url: f.url,
    version,
    apiBaseUrl,
    transports: transports.slice(0, 10),
    services: services.slice(0, 20),
    findings: bounded(findings),
  };
}
