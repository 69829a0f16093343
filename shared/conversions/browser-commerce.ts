import { browserCommerce } from "@schema";
import { chunk } from "../batching/chunk";
import { D1_IN_LIST_CHUNK } from "../db/d1-limits";
import { columnNames, type SqlRow } from "../db/sql-row";
import type { BeaconPayload } from "../ingest/beacon-payload";
import type { BeaconCommerce, IngestMessage } from "../ingest/queue-message";
import { normalizeCurrency } from "./currency";

/**
 * The snippet's commerce events the order reports read beside posted conversions
 * (schema/browser-commerce.ts): forms an agent submitted (WebMCP `agentInvoked`), WebMCP
 * tools activated or canceled, and purchases the confirmation page reported.
 */
export const BROWSER_COMMERCE_KINDS = ["agent_submit", "tool_activated", "tool_canceled", "purchase"] as const;
const KINDS = new Set<string>(BROWSER_COMMERCE_KINDS);

export type BrowserCommerceRow = SqlRow<typeof browserCommerce>;
const COLUMNS = columnNames(browserCommerce);
/** D1 takes at most 100 bound parameters per statement. */
const ROWS_PER_STATEMENT = Math.floor(100 / COLUMNS.length);

/**
 * A value in a currency's major unit (`49.90` EUR, as GA4's `purchase` event and a
 * confirmation page give it) in its minor units (`4990`), by the currency's own number of
 * decimals (ISO 4217: JPY 0, EUR 2, KWD 3, from the runtime's ICU data). Null when it is
 * no amount (negative, or beyond 10^12 minor units).
 */
export function minorUnits(value: number, currency: string): number | null {
  const digits =
    new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  const minor = Math.round(value * 10 ** digits);
  return Number.isSafeInteger(minor) && minor >= 0 && minor <= 1e12 ? minor : null;
}

/** What a commerce beacon says beyond its kind and target; null for other kinds. */
export function commerceOfBeacon(b: BeaconPayload): BeaconCommerce | null {
  if (b.k === "agent_submit") return { form: b.f ?? "form", valueMinor: null, currency: null };
  if (b.k !== "purchase") return null;
  const currency = b.c ? normalizeCurrency(b.c) : null;
  const valueMinor = currency !== null && typeof b.v === "number" ? minorUnits(b.v, currency) : null;
  return { form: null, valueMinor, currency: valueMinor === null ? null : currency };
}

interface SessionFacts {
  id: string;
  session_id: string;
  source: string;
  sub_source: string | null;
  agent_platform: string | null;
  tier: string | null;
  agent_in_session: number;
}

/**
 * In the site's shard, after the rollup: the batch's commerce events (a purchase only
 * with its order id) with the facts of the session each joined, as `browser_commerce`
 * rows. Read by event id, so an event stored by an earlier delivery gives the same row
 * again (the consumer writes each once); an event the rollup skipped (a person on a site
 * that records only AI and tagged visits) gives none.
 */
export async function browserCommerceRows(
  db: D1Database,
  messages: readonly IngestMessage[],
): Promise<BrowserCommerceRow[]> {
  const wanted = new Map<string, IngestMessage>();
  for (const m of messages) {
    if (!KINDS.has(m.kind) || m.channel !== "beacon") continue;
    if (m.kind === "purchase" && !m.target) continue;
    wanted.set(m.id, m);
  }
  if (wanted.size === 0) return [];
  const found = await db.batch(
    chunk([...wanted.keys()], D1_IN_LIST_CHUNK).map((ids) =>
      db
        .prepare(
          `SELECT e.id, e.session_id, s.source, s.sub_source, s.agent_platform, s.tier,
             EXISTS (SELECT 1 FROM ingest_events x WHERE x.session_id = e.session_id
               AND x.kind = 'agent_submit' AND x.occurred_at <= e.occurred_at) AS agent_in_session
           FROM ingest_events e JOIN sessions s ON s.id = e.session_id
           WHERE e.id IN (${ids.map(() => "?").join(", ")})`,
        )
        .bind(...ids),
    ),
  );
  const rows: BrowserCommerceRow[] = [];
  for (const result of found) {
    for (const f of (result.results ?? []) as SessionFacts[]) {
      const m = wanted.get(f.id);
      if (!m) continue;
      const c = m.commerce ?? null;
      const tool = m.kind === "purchase" ? null : (m.target ?? null);
      rows.push({
        event_id: m.id,
        workspace_id: m.workspaceId,
        site_id: m.siteId,
        session_id: f.session_id,
        kind: m.kind,
        form: c?.form ?? null,
        tool,
        order_ref: m.kind === "purchase" ? m.target : null,
        value_minor: c?.valueMinor ?? null,
        currency: c?.currency ?? null,
        session_source: f.source,
        session_sub_source: f.sub_source,
        session_platform: f.agent_platform,
        session_tier: f.tier,
        agent_in_session: f.agent_in_session ? 1 : 0,
        occurred_at: m.occurredAt,
      });
    }
  }
  return rows;
}

// The VALUES list's column holding the workspace (SQLite names them column1, column2, …).
const WORKSPACE_COLUMN = `column${COLUMNS.indexOf("workspace_id") + 1}`;

/**
 * In the consumer: the D1 statements storing the rows, each event once (`INSERT OR
 * IGNORE`). A row of a workspace deleted while its events were queued is left out rather
 * than failing the batch on the foreign key (`OR IGNORE` does not cover foreign keys).
 */
export function storeBrowserCommerce(db: D1Database, rows: readonly BrowserCommerceRow[]): D1PreparedStatement[] {
  const statements: D1PreparedStatement[] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const part = rows.slice(i, i + ROWS_PER_STATEMENT);
    const placeholders = part.map(() => `(${COLUMNS.map(() => "?").join(", ")})`).join(", ");
    statements.push(
      db
        .prepare(
          `INSERT OR IGNORE INTO browser_commerce (${COLUMNS.join(", ")})
           SELECT * FROM (VALUES ${placeholders}) WHERE ${WORKSPACE_COLUMN} IN (SELECT id FROM workspaces)`,
        )
        .bind(...part.flatMap((r) => COLUMNS.map((c) => r[c]))),
    );
  }
  return statements;
}
