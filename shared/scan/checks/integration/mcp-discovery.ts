import { SHOPIFY_STOREFRONT_MCP } from "../../journey/run-journey";
import type { CheckDefinition, SiteSnapshot } from "../../types";
import { blockedBy, isMachineReadable, isOk, isSoft404, parseJson } from "../check-helpers";
import { apiCatalogLinks } from "./api-catalog";

function probeOf(site: SiteSnapshot, endpoint: string, base: string) {
  let url: string;
  try {
    url = new URL(endpoint, base).href;
  } catch {
    return null;
  }
  return site.journey?.mcp.find((m) => m.endpoint === url) ?? null;
}

const CARD_PATHS = ["/.well-known/mcp.json", "/.well-known/mcp"];
const MCP_LINK = /\[[^\]]*\bmcp\b[^\]]*\]\((https?:[^)]+)\)|\((https?:[^)]*\/mcp[^)]*)\)/i;

export const mcpDiscovery: CheckDefinition = {
  key: "mcp_discovery",
  layer: 5,
  weight: 2,
  run(site) {
    const cards = CARD_PATHS.map((p) => site.files[p]).filter((f) => !!f);
    for (const f of cards) {
      if (!isMachineReadable(f)) continue;
      const json = parseJson(f.body) as Record<string, unknown> | undefined;
      // SEP-2127 server cards (the registry's server.json shape) name it in remotes[].url.
      const remote = Array.isArray(json?.remotes) ? (json.remotes as Array<{ url?: unknown }>)[0]?.url : undefined;
      const endpoint =
        json && (json.url ?? json.endpoint ?? (json.transport as Record<string, unknown> | undefined)?.url ?? remote);
      if (json && typeof json === "object" && (json.name || json.serverInfo) && endpoint) {
        // A card that points nowhere is not an endpoint: judged by the journey's tools/list.
        const probe = probeOf(site, String(endpoint), f.finalUrl);
        if (probe && !probe.tools) {
          return {
            status: "warn",
            message: `The MCP server card at ${f.url} advertises ${String(endpoint)}, which did not answer tools/list (${probe.error}).`,
            fix: "Serve the MCP endpoint the card names (Streamable HTTP: JSON-RPC over POST, initialize then tools/list).",
            evidence: { url: f.url, endpoint, tools: null, error: probe.error },
          };
        }
        return {
          status: "pass",
          message: `An MCP server card at ${f.url} advertises ${String(endpoint)}${probe?.tools ? `, which lists ${probe.tools.length} tool(s)` : ""}.`,
          evidence: { url: f.url, endpoint, tools: probe?.tools ?? null, answeredAs: probe?.answeredAs ?? null },
        };
      }
      return {
        status: "warn",
        message: `${f.url} answers but is not a readable MCP server card (JSON with a name and an endpoint URL).`,
        fix: 'Serve {"name":"...","url":"https://DOMAIN/mcp"} at /.well-known/mcp.json.',
        evidence: { url: f.url },
      };
    }
    const llmsLink = isOk(site.llms) ? MCP_LINK.exec(site.llms.body) : null;
    const catalog = site.files["/.well-known/api-catalog"];
    const catalogLink = isOk(catalog) ? apiCatalogLinks(catalog.body).hrefs.find((h) => /\bmcp\b/i.test(h)) : undefined;
    const advertised = llmsLink ? (llmsLink[1] ?? llmsLink[2]) : catalogLink;
    const ucpMcp = site.journey?.mcp.find(
      (m) => (m.advertisedBy === "/.well-known/ucp" || m.advertisedBy === SHOPIFY_STOREFRONT_MCP) && m.tools,
    );
    if (!advertised && ucpMcp) {
      const by =
        ucpMcp.advertisedBy === SHOPIFY_STOREFRONT_MCP
          ? "Shopify's storefront MCP endpoint"
          : "The UCP profile binds the MCP endpoint";
      return {
        status: "pass",
        message: `${by} ${ucpMcp.endpoint}, which lists ${ucpMcp.tools?.length ?? 0} tool(s).`,
        evidence: { endpoint: ucpMcp.endpoint, tools: ucpMcp.tools, answeredAs: ucpMcp.answeredAs },
      };
    }
    if (advertised) {
      const probe = probeOf(site, advertised, site.origin);
      if (probe && !probe.tools) {
        return {
          status: "warn",
          message: `An MCP endpoint is advertised (${advertised}) but did not answer tools/list (${probe.error}).`,
          fix: "Serve the advertised MCP endpoint (Streamable HTTP: JSON-RPC over POST).",
          evidence: { endpoint: advertised, tools: null, error: probe.error },
        };
      }
      return {
        status: "pass",
        message: `An MCP endpoint is advertised in ${llmsLink ? "llms.txt" : "the api-catalog"}: ${advertised}.`,
        evidence: { endpoint: advertised },
      };
    }
    // Only a server error at the card's path hints that a card exists; no answer at all
    // (or an HTML page) says nothing about it.
    const serverError = cards.find((f) => f.status >= 500);
    if (serverError) {
      return {
        status: "warn",
        message: `${serverError.url} answers HTTP ${serverError.status}: a server card may be configured but could not be read.`,
        fix: "Make the MCP server card answer 200.",
        evidence: { url: serverError.url, status: serverError.status },
      };
    }
    const blocked = cards.map((f) => blockedBy(f, f.url)).find((b) => b);
    if (blocked) return blocked;
    return {
      status: "fail",
      message:
        "No Model Context Protocol endpoint is advertised (no /.well-known/mcp.json, no mcp link in llms.txt or the api-catalog).",
      fix: "Publish an MCP server card at /.well-known/mcp.json and link the endpoint from llms.txt.",
      evidence: { tried: cards.map((f) => ({ url: f.url, status: f.status, soft404: isSoft404(f) })) },
    };
  },
};
