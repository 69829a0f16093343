import { HOUR_MS } from "../time/durations";
import { utcHourStart } from "../time/utc-hour";
import { mergeRanges } from "./read-plan";
import { cutAtBoundaries } from "./zoned-buckets";

/**
 * Where an agent-request report reads each part of its window: `hours`, ranges of whole
 * UTC hours summed from agent_request_hours (always current: changed in the transaction
 * that changes the rows, shared/drains/agent-request-hours.ts); `live`, the partial hours at both edges and
 * every hour a bucket boundary cuts (`boundaries`, a zoned report's local midnights off
 * the whole hour), read from agent_requests. Together they cover [start, end) once.
 */
export interface AgentRequestPlan {
  hours: Array<[number, number]>;
  live: Array<[number, number]>;
}

export function agentRequestPlan(start: number, end: number, boundaries: number[] = []): AgentRequestPlan {
  if (end <= start) return { hours: [], live: [] };
  const first = Math.ceil(start / HOUR_MS) * HOUR_MS;
  const last = utcHourStart(end);
  if (last <= first) return { hours: [], live: [[start, end]] };
  const plan = cutAtBoundaries(
    {
      days: null,
      hours: [[first, last]],
      live: mergeRanges([
        [start, first],
        [last, end],
      ]),
    },
    boundaries,
  );
  return { hours: plan.hours, live: plan.live };
}
