import { homeBlocked } from "../check-helpers";
import { defineCheck } from "../define-check";

const PASS_MS = 1500;
const WARN_MS = 4000;

export const responseTime = defineCheck({
  key: "response_time",
  layer: 1,
  weight: 1,
  run(site) {
    const blocked = homeBlocked(site);
    if (blocked) return blocked;
    const f = site.home?.fetched;
    if (!f || f.status === 0) {
      return {
        status: "fail",
        message: `The home page was not received: ${f?.error ?? "no response"}.`,
        fix: "Make the home page answer within 1.5 seconds.",
        evidence: { error: f?.error ?? null },
      };
    }
    const evidence = { url: f.finalUrl, ms: f.ms, bytes: f.bytes };
    if (f.ms <= PASS_MS) {
      return { status: "pass", message: `The home page was fully received in ${f.ms} ms.`, evidence };
    }
    return {
      status: f.ms <= WARN_MS ? "warn" : "fail",
      message: `The home page took ${f.ms} ms to receive completely (target: at most ${PASS_MS} ms).`,
      fix: "Cache the home page HTML at the edge and cut server time; agents give up on slow pages.",
      evidence,
    };
  },
});
