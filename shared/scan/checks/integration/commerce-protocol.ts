import { httpAnswerText } from "../../../display/answer-text";
import { readUcpProfile } from "../../journey/ucp-profile";
import type { CheckOutcome, SiteSnapshot } from "../../types";
import { blockedBy, isOk, looksLikeHtml, parseJson } from "../check-helpers";
import { defineCheck } from "../define-check";
import { ACP_DISCOVERY_PATH, readAcpDiscovery } from "./acp-discovery";
import { apiCatalogLinks } from "./api-catalog";
import { codesOf, errorsIn } from "./discovery-finding";
import { eraWords } from "./mcp-discovery";
import { judgeUcpProfile } from "./ucp-rules";

// An agentic-commerce protocol an agent can start from: a UCP business profile at
// /.well-known/ucp (ucp.dev; rules in ucp-rules.ts, bound MCP endpoint asked tools/list
// by the journey) or ACP's discovery document at /.well-known/acp.json
// (acp-discovery.ts). Either one that follows its rules passes. An ACP feed or checkout
// only named in the api-catalog or llms.txt is not discovery: ACP defines a 404 at
// /.well-known/acp.json as "no ACP".
const ACP_MENTION = /agentic[- ]commerce|\bacp\b|checkout_sessions|product[-_ ]feed/i;

type Judged = { outcome: CheckOutcome; evidence: Record<string, unknown> };

function judgeUcp(site: SiteSnapshot): Judged | null {
  const ucp = site.files["/.well-known/ucp"];
  if (!isOk(ucp) || looksLikeHtml(ucp)) return null;
  const json = parseJson(ucp.body) as Record<string, unknown> | undefined;
  const profile = (json?.ucp as Record<string, unknown> | undefined) ?? json;
  if (!profile || typeof profile !== "object" || !(profile.version || profile.services || profile.capabilities)) {
    return {
      evidence: { url: ucp.url },
      outcome: {
        status: "warn",
        message: `${ucp.url} answers but is not a UCP profile (JSON with version and services).`,
        fix: "Publish a UCP business profile per ucp.dev.",
        evidence: { url: ucp.url },
      },
    };
  }
  const ucpProfile = readUcpProfile(ucp);
  const mcp = site.journey?.mcp.find((m) => m.endpoint === ucpProfile?.mcpEndpoint) ?? null;
  const { findings, release } = judgeUcpProfile(ucp);
  // The release the profile declares and the one whose rules judged it, the other releases
  // it serves, and the earlier shapes it still carries (issue 45): a profile is judged by
  // what an agent on its release reads, not by whether it validates.
  const evidence = {
    url: ucp.url,
    version: profile.version ?? null,
    era: release.era,
    supportedVersions: release.supportedVersions,
    legacy: release.legacy,
    mcp,
    capabilities: ucpProfile?.capabilities ?? [],
    findings,
  };
  const releaseWords = `release ${release.declared ?? "(none declared)"}${release.supportedVersions && Object.keys(release.supportedVersions).length ? `, also serving ${Object.keys(release.supportedVersions).sort().join(", ")} (supported_versions)` : ""}`;
  // Judged by what the journey could do with it: the MCP endpoint the profile binds must
  // answer tools/list.
  if (ucpProfile?.mcpEndpoint && mcp && !mcp.tools) {
    return {
      evidence,
      outcome: {
        status: "warn",
        message: `The UCP profile at ${ucp.url} binds the MCP endpoint ${ucpProfile.mcpEndpoint}, which did not list its tools (${mcp.error}).`,
        fix: "Serve the MCP endpoint the profile names (JSON-RPC over POST: server/discover and tools/list for MCP 2026-07-28, initialize for 2025 clients), or correct the profile's endpoint.",
        evidence,
      },
    };
  }
  const errors = errorsIn(findings);
  if (errors.length > 0) {
    return {
      evidence,
      outcome: {
        status: "warn",
        message: `The UCP profile at ${ucp.url} (${releaseWords}) breaks ${errors.length} rule(s) of ${release.era} (${codesOf(errors)}): ${errors.map((e) => e.detail).join("; ")}.`,
        fix: `Correct the profile for ${release.era}: signing keys in the root keys[] (not ucp.signing_keys or signing_keys), payment_handlers keyed by reverse-domain name with an id on every handler, every capability and service declaration with its own version, ucp.version, ucp.services and ucp.payment_handlers present, served directly over https with Cache-Control: public, max-age=3600, spec and schema URLs on their namespace's domain.`,
        evidence,
      },
    };
  }
  const cart = site.journey?.cart;
  return {
    evidence,
    outcome: {
      status: "pass",
      message: `A UCP profile is published at ${ucp.url} (${releaseWords}) and keeps ${release.era}'s rules${mcp?.tools ? `; its MCP endpoint ${eraWords(mcp)} and lists ${mcp.tools.length} tools${cart?.added && cart.via === "mcp" ? " and its cart tool took one unit" : ""}` : ""}.`,
      evidence,
    },
  };
}

function judgeAcp(site: SiteSnapshot): Judged | null {
  const acp = readAcpDiscovery(site.files[ACP_DISCOVERY_PATH]);
  if (!acp) return null;
  const evidence = { ...acp };
  const errors = errorsIn(acp.findings);
  if (errors.length > 0) {
    return {
      evidence,
      outcome: {
        status: "warn",
        message: `${acp.url} answers but breaks ACP discovery (${codesOf(errors)}): ${errors.map((e) => e.detail).join("; ")}.`,
        fix: 'Serve {"protocol":{"name":"acp","version":"2026-04-17","supported_versions":["2026-04-17"]},"api_base_url":"https://DOMAIN/api","transports":["rest"],"capabilities":{"services":["checkout"]}} with Cache-Control: public, max-age=3600.',
        evidence: { acp: evidence },
      },
    };
  }
  return {
    evidence,
    outcome: {
      status: "pass",
      message: `ACP discovery at ${acp.url}: version ${acp.version}, API at ${acp.apiBaseUrl}, services ${acp.services.join(", ")} over ${acp.transports.join(", ")}.`,
      evidence: { acp: evidence },
    },
  };
}

export const commerceProtocol = defineCheck({
  key: "commerce_protocol",
  layer: 5,
  weight: 2,
  run(site) {
    const ucp = judgeUcp(site);
    const acp = judgeAcp(site);
    const both = { ...(ucp?.evidence ?? {}), ...(acp ? { acp: acp.evidence } : {}) };
    const judged = [ucp, acp].filter((j): j is Judged => j !== null);
    const best = judged.find((j) => j.outcome.status === "pass") ?? judged[0];
    if (best) {
      const other = judged.find((j) => j !== best);
      const also = other && other.outcome.status === "pass" ? ` ${other.outcome.message}` : "";
      return { ...best.outcome, message: `${best.outcome.message}${also}`, evidence: both };
    }
    const acpFile = site.files[ACP_DISCOVERY_PATH];
    const catalog = site.files["/.well-known/api-catalog"];
    const inCatalog = isOk(catalog) ? apiCatalogLinks(catalog.body).hrefs.find((h) => ACP_MENTION.test(h)) : undefined;
    const inLlms = isOk(site.llms) ? site.llms.body.split(/\n/).find((l) => ACP_MENTION.test(l)) : undefined;
    if (inCatalog || inLlms) {
      return {
        status: "warn",
        message: `An agentic-commerce endpoint is named in ${inCatalog ? "the api-catalog" : "llms.txt"}, but ${ACP_DISCOVERY_PATH} ${acpFile ? `gives ${httpAnswerText(acpFile.status)}` : "was not read"} and there is no UCP profile, so an agent cannot discover the protocol (ACP reads a 404 there as "no ACP").`,
        fix: `Publish ${ACP_DISCOVERY_PATH} (ACP discovery) or a UCP profile at /.well-known/ucp.`,
        evidence: { declared: inCatalog ?? inLlms?.trim(), acpStatus: acpFile?.status ?? null },
      };
    }
    const ucpFile = site.files["/.well-known/ucp"];
    const blocked = blockedBy(ucpFile, "/.well-known/ucp") ?? blockedBy(acpFile, ACP_DISCOVERY_PATH);
    if (blocked) return blocked;
    return {
      status: "fail",
      message: `No agentic-commerce profile: /.well-known/ucp gave ${httpAnswerText(ucpFile?.status)}, ${ACP_DISCOVERY_PATH} gave ${httpAnswerText(acpFile?.status)}, and neither the api-catalog nor llms.txt names an ACP endpoint.`,
      fix: `Publish a UCP profile at /.well-known/ucp or ACP discovery at ${ACP_DISCOVERY_PATH}.`,
      evidence: { ucpStatus: ucpFile?.status ?? 0, acpStatus: acpFile?.status ?? 0 },
    };
  },
});
