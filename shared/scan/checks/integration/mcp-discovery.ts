import { countText } from "../../../display/count-text";
import { detectPlatform } from "../../journey/platform";
import { SHOPIFY_UCP_MCP } from "../../journey/run-journey";
import type { McpProbe } from "../../journey/types";
import type { CheckOutcome, Fetched, SiteSnapshot } from "../../types";
import { blockedBy, isMachineReadable, isOk, isSoft404 } from "../check-helpers";
import { defineCheck } from "../define-check";
import { apiCatalogLinks } from "./api-catalog";
import { codesOf, errorsIn, type Finding } from "./discovery-finding";
import {
  AI_CATALOG_PATH,
  type CatalogRead,
  cardPath,
  catalogsOf,
  LEGACY_CARD_PATH,
  MCP_CATALOG_PATH,
  readServerCard,
} from "./mcp-catalog";
import { readWebMcp, type WebMcpReading } from "./webmcp-forms";

// How an MCP server is found, most standard first: SEP-2127's catalogs and the server
// card they point to (mcp-catalog.ts); a card at the pre-SEP well-known path; an MCP link
// in llms.txt or the api-catalog; the endpoint a UCP profile binds; Shopify's per-store
// UCP endpoint /api/ucp/mcp; the shop's own add-to-cart form annotated for WebMCP's
// declarative API (webmcp-forms.ts); and WebMCP, which Shopify registers in the browser on
// every Liquid storefront (shopify.dev, WebMCP for online store themes): that shop offers
// tools to browser agents with nothing of its own in the HTML. An advertised endpoint is
// judged by the journey's server/discover (else initialize) + tools/list
// (journey/run-journey.ts), and the message says which protocol era answered.

const MCP_LINK = /\[[^\]]*\bmcp\b[^\]]*\]\((https?:[^)]+)\)|\((https?:[^)]*\/mcp[^)]*)\)/i;

function probeOf(site: SiteSnapshot, endpoint: string) {
  return site.journey?.mcp.find((m) => m.endpoint === endpoint) ?? null;
}

/** Which protocol answered (issue 45): the stateless 2026-07-28 one, or only the 2025 handshake. */
export function eraWords(probe: McpProbe | null): string {
  if (probe?.era === "2026-07-28") return "answers MCP 2026-07-28 (server/discover, stateless)";
  if (probe?.era === "2025 handshake")
    return `answers only the 2025 handshake (initialize${probe.versions?.length ? `, ${probe.versions.join(", ")}` : ""}; no server/discover)`;
  return "";
}

/** A Shopify storefront rendered by a Liquid theme (not a headless one). */
function shopifyLiquid(site: SiteSnapshot): boolean {
  if (detectPlatform(site).platform !== "shopify") return false;
  const body = site.home?.fetched.body ?? "";
  return (
    /Shopify\.theme\b|shopify-section|cdn\.shopify\.com\/s\/files\//.test(body) || isOk(site.files["/products.json"])
  );
}

function judgeEndpoint(
  site: SiteSnapshot,
  endpoint: string,
  where: string,
  findings: Finding[],
  extra: Record<string, unknown>,
): CheckOutcome {
  const probe = probeOf(site, endpoint);
  const evidence = {
    ...extra,
    endpoint,
    tools: probe?.tools ?? null,
    answeredAs: probe?.answeredAs ?? null,
    ...(probe ? { era: probe.era ?? null, versions: probe.versions ?? [] } : {}),
    ...(findings.length ? { findings } : {}),
  };
  if (probe && !probe.tools) {
    return {
      status: "warn",
      message: `${where} advertises ${endpoint}, which did not answer tools/list (${probe.error}).`,
      fix: "Serve the MCP endpoint the card names (Streamable HTTP: JSON-RPC over POST; server/discover and tools/list for MCP 2026-07-28 clients, initialize for 2025 ones).",
      evidence: { ...evidence, error: probe.error },
    };
  }
  const errors = errorsIn(findings);
  if (errors.length > 0) {
    return {
      status: "warn",
      message: `${where} advertises ${endpoint}, but breaks discovery rules (${codesOf(errors)}): ${errors.map((e) => e.detail).join("; ")}.`,
      fix: "Serve the AI Catalog and server card as SEP-2127 asks: valid JSON, a streamable-http remote, Access-Control-Allow-Origin: * and Cache-Control: public, max-age=3600.",
      evidence,
    };
  }
  return {
    status: "pass",
    message: `${where} advertises ${endpoint}${probe?.tools ? `, which ${eraWords(probe)} and lists ${probe.tools.length} tool(s)` : ""}.`,
    evidence,
  };
}

function fromCatalogs(site: SiteSnapshot, catalogs: CatalogRead[]): CheckOutcome | null {
  const catalog = catalogs.find((c) => c.mcpEntries.length > 0);
  if (!catalog) return null;
  const entry = catalog.mcpEntries[0];
  const where = `The catalog ${catalog.url}`;
  const card = site.files[cardPath(entry.url)];
  const base = { catalog: catalog.url, identifier: entry.identifier, card: entry.url };
  if (!card || card.url !== entry.url) {
    // The crawl fetches cards on the scanned site only, within its fallback quota
    // (docs/scan.md); a card it did not fetch is what the catalog says it is.
    return {
      status: "pass",
      message: `${where} lists the MCP server card ${entry.url} (not fetched: ${card ? "the URL differs" : "on another site or beyond the crawl's request quota"}).`,
      evidence: { ...base, cardFetched: false, findings: catalog.findings },
    };
  }
  if (!isMachineReadable(card as Fetched | undefined)) {
    const blocked = blockedBy(card, card.url);
    if (blocked) return blocked;
    return {
      status: "warn",
      message: `${where} lists the MCP server card ${entry.url}, which answers HTTP ${card.status}${isSoft404(card) ? " with an HTML page" : ""}.`,
      fix: "Serve the server card at the URL the catalog names (MCP reserves <endpoint>/server-card).",
      evidence: { ...base, status: card.status, findings: catalog.findings },
    };
  }
  const read = readServerCard(card);
  const findings = [...catalog.findings, ...read.findings];
  if (!read.endpoint) {
    return {
      status: "warn",
      message: `${where} lists the MCP server card ${entry.url}, which is not a readable card (${codesOf(errorsIn(read.findings))}).`,
      fix: 'Serve {"$schema":...,"name":"com.example/shop","version":"1.0.0","remotes":[{"type":"streamable-http","url":"https://DOMAIN/mcp"}]}.',
      evidence: { ...base, findings },
    };
  }
  return judgeEndpoint(site, read.endpoint, `${where} (card ${entry.url})`, findings, { ...base, name: read.name });
}

/** A summary of the declarative WebMCP tools found, for every outcome's evidence. */
function webmcpEvidence(reading: WebMcpReading) {
  if (reading.tools.length === 0) return {};
  return {
    webmcpTools: reading.tools.map((t) => ({
      url: t.url,
      name: t.tool.name,
      cartForm: t.cartForm,
      inputs: Object.keys(t.tool.inputSchema.properties),
    })),
    ...(reading.findings.length ? { webmcpFindings: reading.findings } : {}),
  };
}

/** The add-to-cart form annotated as a WebMCP tool (webmcp-forms.ts): pass, or warn naming what it lacks. */
function fromDeclarativeWebMcp(reading: WebMcpReading): CheckOutcome | null {
  const cart = reading.cart;
  if (!cart) return null;
  const errors = errorsIn(reading.findings);
  const evidence = {
    webmcp: "declarative-cart-form",
    url: cart.url,
    tool: cart.tool,
    variantField: cart.variantField,
    quantityField: cart.quantityField,
    answer: cart.answer,
    ...webmcpEvidence(reading),
  };
  if (errors.length > 0)
    return {
      status: "warn",
      message: `${cart.url} annotates its add-to-cart form as the WebMCP tool "${cart.tool.name}", but ${errors.map((e) => e.detail).join("; ")} (${codesOf(errors)}).`,
      fix: 'Give the annotated add-to-cart form a named variant field and a named quantity field (<input name="quantity" type="number" toolparamdescription="How many">), and let the cart page it lands on open with a <script type="application/ld+json"> block describing the cart.',
      evidence,
    };
  return {
    status: "pass",
    message: `${cart.url} annotates its add-to-cart form as the WebMCP tool "${cart.tool.name}" (declarative API; inputs ${Object.keys(cart.tool.inputSchema.properties).join(", ")}${cart.variantField && !(cart.variantField in cart.tool.inputSchema.properties) ? `, variant ${cart.variantField} fixed by the page` : ""}); after its navigating submit the cart page ${cart.answer?.url} answers the agent with its first JSON-LD block${cart.answer?.type ? ` (${cart.answer.type})` : ""}.`,
    evidence,
  };
}

export const mcpDiscovery = defineCheck({
  key: "mcp_discovery",
  layer: 5,
  weight: 2,
  run(site) {
    const reading = readWebMcp(site);
    const outcome = judgeMcp(site, reading);
    // What WebMCP tools the pages declare goes with every outcome (issue 45).
    const extra = webmcpEvidence(reading);
    if (Object.keys(extra).length === 0 || outcome.evidence?.webmcp === "declarative-cart-form") return outcome;
    const newsletterOnly = !reading.cart && outcome.status === "fail";
    return {
      ...outcome,
      message: newsletterOnly
        ? `${outcome.message} The WebMCP tools its pages declare (${reading.tools.map((t) => `"${t.tool.name}"`).join(", ")}) are not the add-to-cart form, so they do not help an agent buy.`
        : outcome.message,
      evidence: { ...(outcome.evidence ?? {}), ...extra },
    };
  },
});

function judgeMcp(site: SiteSnapshot, reading: WebMcpReading): CheckOutcome {
  const catalogs = catalogsOf(site);
  const viaCatalog = fromCatalogs(site, catalogs);
  if (viaCatalog) return viaCatalog;
  const catalogNotes = catalogs.length
    ? {
        catalogs: catalogs.map((c) => ({ url: c.url, entries: c.entries, mcpEntries: 0, findings: c.findings })),
      }
    : {};

  const legacy = site.files[LEGACY_CARD_PATH];
  if (isMachineReadable(legacy)) {
    const read = readServerCard(legacy, true);
    if (read.endpoint && read.name) {
      return judgeEndpoint(site, read.endpoint, `The MCP server card at ${legacy.url}`, [], {
        url: legacy.url,
        ...catalogNotes,
      });
    }
    return {
      status: "warn",
      message: `${legacy.url} answers but is not a readable MCP server card (JSON with a name and an endpoint URL).`,
      fix: "List your server in /.well-known/ai-catalog.json and serve its card at <endpoint>/server-card (SEP-2127).",
      evidence: { url: legacy.url, ...catalogNotes },
    };
  }

  const llmsLink = isOk(site.llms) ? MCP_LINK.exec(site.llms.body) : null;
  const catalog = site.files["/.well-known/api-catalog"];
  const catalogLink = isOk(catalog) ? apiCatalogLinks(catalog.body).hrefs.find((h) => /\bmcp\b/i.test(h)) : undefined;
  const advertised = llmsLink ? (llmsLink[1] ?? llmsLink[2]) : catalogLink;
  if (advertised) {
    let endpoint = advertised;
    try {
      endpoint = new URL(advertised, site.origin).href;
    } catch {
      // Judged as written.
    }
    return judgeEndpoint(site, endpoint, llmsLink ? "llms.txt" : "The api-catalog", [], catalogNotes);
  }
  const ucpMcp = site.journey?.mcp.find(
    (m) => (m.advertisedBy === "/.well-known/ucp" || m.advertisedBy === SHOPIFY_UCP_MCP) && m.tools,
  );
  if (ucpMcp) {
    const by =
      ucpMcp.advertisedBy === SHOPIFY_UCP_MCP
        ? "Shopify's per-store UCP MCP endpoint"
        : "The UCP profile binds the MCP endpoint";
    return {
      status: "pass",
      message: `${by} ${ucpMcp.endpoint}, which ${eraWords(ucpMcp)} and lists ${ucpMcp.tools?.length ?? 0} tool(s).`,
      evidence: {
        endpoint: ucpMcp.endpoint,
        tools: ucpMcp.tools,
        answeredAs: ucpMcp.answeredAs,
        era: ucpMcp.era ?? null,
        versions: ucpMcp.versions ?? [],
        ...catalogNotes,
      },
    };
  }
  const declarative = fromDeclarativeWebMcp(reading);
  if (declarative?.status === "pass") return declarative;
  if (shopifyLiquid(site)) {
    return {
      status: "pass",
      message: `${site.home?.fetched.url ?? site.origin} is a Shopify storefront rendered by a Liquid theme, on which Shopify registers WebMCP tools for browser agents.`,
      evidence: { webmcp: "shopify-liquid-storefront", url: site.home?.fetched.url ?? null, ...catalogNotes },
    };
  }
  // Only a server error at a catalog or card path hints that one exists; no answer at all
  // (or an HTML page) says nothing about it.
  const tried = [AI_CATALOG_PATH, MCP_CATALOG_PATH, LEGACY_CARD_PATH].map((p) => site.files[p]).filter((f) => !!f);
  const serverError = tried.find((f) => f.status >= 500);
  if (serverError) {
    return {
      status: "warn",
      message: `${serverError.url} answers HTTP ${serverError.status}: MCP discovery may be configured but could not be read.`,
      fix: "Make the discovery document answer 200.",
      evidence: { url: serverError.url, status: serverError.status },
    };
  }
  const blocked = tried.map((f) => blockedBy(f, f.url)).find((b) => b);
  if (blocked) return blocked;
  if (declarative) return declarative;
  const listed = catalogs.length
    ? ` ${catalogs.map((c) => `${c.url} lists ${countText(c.entries, "entry", "entries")}, none an MCP server card`).join("; ")}.`
    : "";
  return {
    status: "fail",
    message: `No Model Context Protocol endpoint is advertised (no AI Catalog entry for an MCP server card at ${AI_CATALOG_PATH} or ${MCP_CATALOG_PATH}, no card at ${LEGACY_CARD_PATH}, no mcp link in llms.txt or the api-catalog).${listed}`,
    fix: "List your MCP server in /.well-known/ai-catalog.json (type application/mcp-server-card+json) and serve its card at <endpoint>/server-card, as SEP-2127 describes.",
    evidence: {
      tried: tried.map((f) => ({ url: f.url, status: f.status, soft404: isSoft404(f) })),
      ...catalogNotes,
    },
  };
}
