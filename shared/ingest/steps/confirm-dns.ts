import { ipInLists } from "../../classify/ip-ranges";
import { readUserAgent } from "../../classify/user-agent";
import type { Draft, PipelineDeps } from "../pipeline-types";

/**
 * Forward-confirmed reverse DNS, only where it can change the tier: the UA declares an
 * AI agent whose operator documents FCrDNS (`rdns` in agents.ts), no signature verified
 * it and its IP lists did not. A resolver that does not answer leaves `unknown`: not
 * verified, never an error.
 */
export async function confirmDns(d: Draft, deps: PipelineDeps): Promise<Draft> {
  if (!deps.reverseDns || !d.clientIp || d.signature.status === "verified") return d;
  const claim = readUserAgent(d.userAgent);
  if (claim.kind !== "ai_agent" || !claim.agent.rdns || claim.agent.robotsOnly) return d;
  if (ipInLists(d.clientIp, claim.agent.ipLists ?? [], deps.ipRanges)) return d;
  return { ...d, reverseDns: await deps.reverseDns(d.clientIp, claim.agent.rdns) };
}
