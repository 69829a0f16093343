import { expect } from "vitest";
import type { AgentRequestRow } from "../../shared/drains/agent-request-columns";
import { storeAgentRequests } from "../../shared/drains/agent-request-rows";
import { AGENT_REQUESTS_RETENTION_MS, commitDrainChunk } from "../../shared/drains/commit-drain-chunk";

type Rows = (db: D1Database) => Promise<Record<string, unknown>[]>;

/**
 * The life of a counts table kept with agent_requests, checked at each step against what
 * the stored rows make: `rows[0, firstEnd)` stored, then `rows[redelivered[0],
 * redelivered[1])` (known rows ignored, new ones counted once), then a retention pass
 * cutting at `cut`. Each table row carries its `requests`.
 */
export async function expectCountsFollowRows(
  db: D1Database,
  rows: AgentRequestRow[],
  steps: { firstEnd: number; redelivered: [number, number]; cut: number },
  table: Rows,
  fromRows: Rows,
): Promise<void> {
  const [from, to] = steps.redelivered;
  expect(await storeAgentRequests(db, rows.slice(0, steps.firstEnd))).toBe(steps.firstEnd);
  expect(await storeAgentRequests(db, rows.slice(from, to))).toBe(to - steps.firstEnd);
  const total = async () => (await table(db)).reduce((n, r) => n + Number(r.requests), 0);
  expect(await table(db)).toEqual(await fromRows(db));
  expect(await total()).toBe(to);
  await commitDrainChunk(db, [], [], () => "unused", steps.cut + AGENT_REQUESTS_RETENTION_MS);
  expect(await table(db)).toEqual(await fromRows(db));
  expect(await total()).toBe(rows.slice(0, to).filter((r) => r.occurred_at >= steps.cut).length);
}
