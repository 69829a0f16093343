import { OUTCOME, PLATFORM, PURPOSE } from "../reports/dimensions";
import { reportContext } from "../reports/report-context";
import type { ReportParams } from "../reports/report-params";

/** Agent sessions of one platform and purpose in a window, and those that reached a purchase. */
export interface AgentVisits {
  platform: string;
  purpose: string;
  visits: number;
  visits_with_order: number;
}

/**
 * AI-agent sessions by platform, purpose and outcome over the report's read plan: the
 * very grouping the session list's `total_matching` and the overview count from
 * (shared/reports/agent-sessions.ts `matchingAgentSessions`), so a visit here is a
 * session there. "With an order": outcome `completed` (a purchase reached).
 */
export async function agentVisits(db: D1Database, params: ReportParams): Promise<AgentVisits[]> {
  const { grouped } = await reportContext(db, params);
  const rows = await grouped("agents", "traffic_daily", [PLATFORM, PURPOSE, OUTCOME]);
  const byKey = new Map<string, AgentVisits>();
  for (const r of rows) {
    const [platform, purpose, outcome] = r.keys;
    const key = `${platform}\u0000${purpose}`;
    let v = byKey.get(key);
    if (!v) {
      v = { platform, purpose, visits: 0, visits_with_order: 0 };
      byKey.set(key, v);
    }
    v.visits += r.sessions;
    if (outcome === "completed") v.visits_with_order += r.sessions;
  }
  return [...byKey.values()];
}
