import type { AppContext } from "../context/app-context";
import { type ReadEnv, requestContext } from "../context/request-context";
import type { WindowInput } from "../reports/report-window";
import { type TrafficFilters, trafficFiltersOf } from "../reports/traffic-filters";
import { ok, type Result, refusal } from "../result/result";
import {
  anyProofHolds,
  findOpenLink,
  noteViewed,
  type SharedLinkEnv,
  viewAllowed,
} from "../shared-links/open-shared-link";
import type { ReportTargetRefusal } from "./report-target";
import {
  type TrafficReportAnswer,
  type TrafficReportInput,
  type TrafficReportName,
  trafficReport,
} from "./traffic-report";

// A site's dashboard through its shared link (docs/app.md "Shared links"): the same
// traffic report use case as the signed-in dashboard and the v1 API, in a context built
// from the link alone: the link's workspace and zone, the link as the actor, the link's
// site as the only domain (`ctx` is the app's context of a request before any workspace
// is known: the bindings, now and the base URL). The request chooses the window and the
// filters and nothing else, so a link opens one site's dashboard and no other data of
// its workspace (not even the name its owners gave the link).

export interface SharedLinkQuery<N extends TrafficReportName> extends TrafficFilters {
  token: string;
  /** The browser's proofs of passwords typed for shared links (open-shared-link.ts); one may open this link. */
  proofs: string[];
  /** The window asked for, given the zone of the link's workspace (its days are that zone's). */
  window: (timeZone: string) => WindowInput;
  reports: TrafficReportInput<N>["reports"];
  /** The client address's subject (shared/http/client-address.ts): views are limited per address. */
  address: string;
}

export type SharedLinkView<N extends TrafficReportName> =
  | { state: "locked" }
  | { state: "open"; link: { domain: string; timeZone: string }; answer: TrafficReportAnswer<N> };

export async function sharedLinkReport<N extends TrafficReportName>(
  ctx: AppContext<ReadEnv & SharedLinkEnv>,
  input: SharedLinkQuery<N>,
): Promise<Result<SharedLinkView<N>, ReportTargetRefusal | "not_found" | "rate_limited">> {
  const { env } = ctx;
  const wait = await viewAllowed(env, input.address, ctx.nowMs);
  if (wait > 0)
    return refusal("rate_limited", "Too many views from this address: try again in a minute.", {
      retryAfterSeconds: wait,
    });
  const link = await findOpenLink(env.DB, input.token);
  if (!link) return refusal("not_found", "This shared link does not exist or was revoked.");
  if (!(await anyProofHolds(link, input.proofs, ctx.nowMs))) return ok({ state: "locked" });
  const linkCtx = requestContext({
    env,
    workspaceId: link.workspaceId,
    actor: { kind: "shared_link", linkId: link.id },
    nowMs: ctx.nowMs,
    timeZone: link.timeZone,
    baseUrl: ctx.baseUrl,
  });
  // The link's site and zone, whatever the request names: only the filters, the window
  // and the reports are taken from it.
  const filters = trafficFiltersOf(input);
  const { period, from, to } = input.window(link.timeZone);
  const [answer] = await Promise.all([
    trafficReport(linkCtx, { ...filters, period, from, to, domain: link.domain, reports: input.reports }),
    noteViewed(env.DB, link, ctx.nowMs),
  ]);
  if (!answer.ok) return answer;
  return ok({
    state: "open",
    link: { domain: link.domain, timeZone: link.timeZone },
    answer: answer.value,
  });
}
