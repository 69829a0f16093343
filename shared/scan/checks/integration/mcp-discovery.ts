import type { CheckDefinition } from "../../types";
import { blockedBy, isMachineReadable, isOk, isSoft404, parseJson } from "../check-helpers";
import { apiCatalogLinks } from "./api-catalog";

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
      const endpoint =
        json && (json.url ?? json.endpoint ?? (json.transport as Record<string, unknown> | undefined)?.url);
      if (json && typeof json === "object" && (json.name || json.serverInfo) && endpoint) {
        return {
          status: "pass",
          message: `An MCP server card at ${f.url} advertises ${String(endpoint)}.`,
          evidence: { url: f.url, endpoint },
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
    if (advertised) {
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
