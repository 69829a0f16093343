import { classifySource } from "../../classify/source";
import type { Draft } from "../pipeline-types";

/** Acquisition source with the precedence of traffic-facts §3.5. */
export function acquisition(d: Draft): Draft {
  if (!d.page) return d;
  const s = classifySource({
    agentPlatform: d.platform ?? null,
    pageUrl: d.page,
    referrer: d.referrer,
    siteDomain: d.site.domain,
  });
  return { ...d, source: s.source, subSource: s.subSource, referrerHost: s.referrerHost };
}
