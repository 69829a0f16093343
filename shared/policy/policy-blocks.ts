import { policyBlocks } from "@schema/policy-blocks";
import { columnNames, type SqlRow } from "../db/sql-row";
import type { IngestMessage } from "../ingest/queue-message";
import { DAY_MS } from "../time/durations";
import type { BlockedRequestsBody } from "./blocked-requests-schema";

// The requests collectors stopped under the site's policy, in the site's analytics
// shard (schema/policy-blocks.ts): written with the batch that carries them, read by the
// blocked-requests report (docs/policy.md "Blocked requests").

type PolicyBlockRow = SqlRow<typeof policyBlocks>;
const POLICY_BLOCK_COLUMNS = columnNames(policyBlocks);

/** Kept as long as the agent requests they are part of (shared/drains/commit-drain-chunk.ts). */
export const POLICY_BLOCKS_RETENTION_MS = 92 * DAY_MS;

/** Rows per INSERT: 9 columns each, D1's 100 bound values per statement. */
const ROWS_PER_STATEMENT = 11;

/** The blocked records of a queue batch (server-side events marked by a collector), keyed by event id. */
export function policyBlockRowsOf(messages: readonly IngestMessage[]): PolicyBlockRow[] {
  return messages.flatMap((m) => {
    const facts = m.agentRequest;
    if (!facts?.blocked || m.platform === null) return [];
    return [
      {
        id: m.id,
        occurred_at: m.occurredAt,
        agent: facts.agent,
        platform: m.platform,
        purpose: m.purpose ?? "unknown",
        tier: m.tier ?? "declared",
        path: facts.path,
        reason: facts.blocked.reason,
        version: facts.blocked.version,
      },
    ];
  });
}

/**
 * Stores the rows, each once (a redelivered id is ignored), and drops the rows past
 * retention, in one transaction. Nothing to do when the batch holds no blocked request.
 */
export async function storePolicyBlocks(db: D1Database, rows: readonly PolicyBlockRow[], nowMs: number): Promise<void> {
  if (rows.length === 0) return;
  const names = POLICY_BLOCK_COLUMNS;
  const statements: D1PreparedStatement[] = [
    db.prepare("DELETE FROM policy_blocks WHERE occurred_at < ?1").bind(nowMs - POLICY_BLOCKS_RETENTION_MS),
  ];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const part = rows.slice(i, i + ROWS_PER_STATEMENT);
    const placeholders = part.map(() => `(${names.map(() => "?").join(", ")})`).join(", ");
    statements.push(
      db
        .prepare(`INSERT OR IGNORE INTO policy_blocks (${names.join(", ")}) VALUES ${placeholders}`)
        .bind(...part.flatMap((r) => names.map((c) => r[c]))),
    );
  }
  await db.batch(statements);
}

/** The window's blocked requests per agent, platform, purpose, tier and reason (one range of the time index). */
export async function blockedRequests(
  db: D1Database,
  input: { start: number; end: number },
): Promise<BlockedRequestsBody> {
  const { results } = await db
    .prepare(
      `SELECT agent, platform, purpose, tier, reason, count(*) AS n, min(occurred_at) AS first_at, max(occurred_at) AS last_at
       FROM policy_blocks WHERE occurred_at >= ?1 AND occurred_at < ?2
       GROUP BY agent, platform, purpose, tier, reason`,
    )
    .bind(input.start, input.end)
    .all<{
      agent: string | null;
      platform: string;
      purpose: string;
      tier: string;
      reason: "policy" | "robots";
      n: number;
      first_at: number;
      last_at: number;
    }>();
  type Agent = BlockedRequestsBody["agents"][number];
  const agents = new Map<string, Agent & { first: number; last: number }>();
  for (const r of results) {
    const key = `${r.agent}\u0000${r.platform}\u0000${r.purpose}`;
    let a = agents.get(key);
    if (!a) {
      a = {
        agent: r.agent,
        platform: r.platform,
        purpose: r.purpose,
        blocked: 0,
        verified: 0,
        declared: 0,
        by_reason: { policy: 0, robots: 0 },
        first_at: "",
        last_at: "",
        first: r.first_at,
        last: r.last_at,
      };
      agents.set(key, a);
    }
    a.blocked += r.n;
    if (r.tier === "verified") a.verified += r.n;
    else a.declared += r.n;
    a.by_reason[r.reason] += r.n;
    a.first = Math.min(a.first, r.first_at);
    a.last = Math.max(a.last, r.last_at);
  }
  const list = [...agents.values()]
    .map(({ first, last, ...a }) => ({
      ...a,
      first_at: new Date(first).toISOString(),
      last_at: new Date(last).toISOString(),
    }))
    .sort((x, y) => y.blocked - x.blocked || (x.agent ?? "").localeCompare(y.agent ?? ""));
  const total = (f: (a: Agent) => number) => list.reduce((n, a) => n + f(a), 0);
  return {
    totals: {
      blocked: total((a) => a.blocked),
      by_reason: { policy: total((a) => a.by_reason.policy), robots: total((a) => a.by_reason.robots) },
    },
    agents: list,
  };
}
