import { readUcpProfile } from "../../journey/ucp-profile";
import type { CheckDefinition } from "../../types";
import { blockedBy, isOk, looksLikeHtml, parseJson } from "../check-helpers";
import { apiCatalogLinks } from "./api-catalog";

// UCP profile at /.well-known/ucp (ucp.dev); ACP (agenticcommerce.dev) product feed or
// checkout endpoint declared in the api-catalog or llms.txt.
const ACP = /agentic[- ]commerce|\bacp\b|checkout_sessions|product[-_ ]feed/i;

export const commerceProtocol: CheckDefinition = {
  key: "commerce_protocol",
  layer: 5,
  weight: 2,
  run(site) {
    const ucp = site.files["/.well-known/ucp"];
    if (isOk(ucp) && !looksLikeHtml(ucp)) {
      const json = parseJson(ucp.body) as Record<string, unknown> | undefined;
      const profile = (json?.ucp as Record<string, unknown> | undefined) ?? json;
      if (profile && typeof profile === "object" && (profile.version || profile.services || profile.capabilities)) {
        // Judged by what the journey could do with it: the MCP endpoint the profile binds
        // must answer tools/list.
        const ucpProfile = readUcpProfile(ucp);
        const mcp = site.journey?.mcp.find((m) => m.endpoint === ucpProfile?.mcpEndpoint) ?? null;
        if (ucpProfile?.mcpEndpoint && mcp && !mcp.tools) {
          return {
            status: "warn",
            message: `The UCP profile at ${ucp.url} binds the MCP endpoint ${ucpProfile.mcpEndpoint}, which did not list its tools (${mcp.error}).`,
            fix: "Serve the MCP endpoint the profile names (JSON-RPC over POST, initialize and tools/list), or correct the profile's endpoint.",
            evidence: { url: ucp.url, version: profile.version ?? null, mcp },
          };
        }
        const cart = site.journey?.cart;
        return {
          status: "pass",
          message: `A UCP profile is published at ${ucp.url}${mcp?.tools ? `; its MCP endpoint lists ${mcp.tools.length} tools${cart?.added && cart.via === "mcp" ? " and its cart tool took one unit" : ""}` : ""}.`,
          evidence: {
            url: ucp.url,
            version: profile.version ?? null,
            mcp,
            capabilities: ucpProfile?.capabilities ?? [],
          },
        };
      }
      return {
        status: "warn",
        message: `${ucp.url} answers but is not a UCP profile (JSON with version and services).`,
        fix: "Publish a UCP business profile per ucp.dev.",
        evidence: { url: ucp.url },
      };
    }
    const catalog = site.files["/.well-known/api-catalog"];
    const inCatalog = isOk(catalog) ? apiCatalogLinks(catalog.body).hrefs.find((h) => ACP.test(h)) : undefined;
    const inLlms = isOk(site.llms) ? site.llms.body.split(/\n/).find((l) => ACP.test(l)) : undefined;
    if (inCatalog || inLlms) {
      return {
        status: "pass",
        message: `An agentic-commerce endpoint is declared in ${inCatalog ? "the api-catalog" : "llms.txt"}.`,
        evidence: { declared: inCatalog ?? inLlms?.trim() },
      };
    }
    const blocked = blockedBy(ucp, "/.well-known/ucp");
    if (blocked) return blocked;
    return {
      status: "fail",
      message:
        "No agentic-commerce profile: no /.well-known/ucp, no ACP feed or checkout declared in the api-catalog or llms.txt.",
      fix: "Publish a UCP profile at /.well-known/ucp or declare your ACP product feed and checkout endpoint in /.well-known/api-catalog.",
      evidence: { ucpStatus: ucp?.status ?? 0 },
    };
  },
};
