import { PURPOSES, type Purpose } from "../classify/agents";
import { PURPOSE } from "./dimensions";
import { totalOf, totalsBy } from "./grouped-sessions";
import { reportContext } from "./report-context";
import type { ReportParams } from "./report-params";
import type { PurposeSplit } from "./report-schemas";
import { sharePct } from "./share";

/** Purpose split of AI-agent sessions started in the window. */
export async function purposeSplit(db: D1Database, params: ReportParams): Promise<PurposeSplit> {
  const { header, grouped } = await reportContext(db, params);
  const rows = await grouped("agents", "traffic_daily", [PURPOSE]);
  const counts = totalsBy(rows, 0);
  // A purpose value outside the four (never written by ingest) is reported as unknown.
  const known = new Set<string>(PURPOSES);
  let strays = 0;
  for (const [purpose, n] of counts) if (!known.has(purpose)) strays += n;
  const count = (p: Purpose) => (counts.get(p) ?? 0) + (p === "unknown" ? strays : 0);
  const total = totalOf(rows);
  return {
    ...header,
    total_sessions: total,
    user_action_sessions: count("user_action"),
    search_sessions: count("search"),
    crawl_sessions: count("crawl"),
    unknown_sessions: count("unknown"),
    by_purpose: PURPOSES.map((purpose) => ({
      purpose,
      sessions: count(purpose),
      share_pct: sharePct(count(purpose), total),
    })),
  };
}
