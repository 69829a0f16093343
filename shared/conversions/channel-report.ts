import type { Tier } from "../classify/identity-vocabulary";
import { outcomeRankSql } from "../vocabulary/agentic-checkout";
import {
  AI_PLATFORMS_SQL,
  AI_SESSION_SOURCES_SQL,
  type OrderChannel,
  type ReferralEvidence,
} from "../vocabulary/order-channels";

/** One window of the orders report: the workspace, optionally one site, `[start, end)`. */
export interface ChannelWindow {
  workspaceId: string;
  /** One site's orders; undefined for the whole workspace (conversions without a site included). */
  siteId?: string;
  start: number;
  end: number;
}

export interface ChannelRow {
  channel: OrderChannel;
  evidence: ReferralEvidence | null;
  currency: string | null;
  orders: number;
  value_minor: number;
}

export interface CheckoutRow {
  protocol: string;
  platform: string | null;
  agent: string | null;
  tier: Tier | null;
  outcome: string;
  currency: string | null;
  checkouts: number;
  value_minor: number;
}

export interface BrowserAgentRow {
  kind: "agent_submit" | "tool_activated" | "tool_canceled";
  form: string | null;
  tool: string | null;
  events: number;
}

const EVIDENCE_CODES: Record<number, ReferralEvidence> = { 1: "click_id", 2: "utm", 3: "session" };

/** `workspace_id = ?1 [AND site_id = ?2] AND occurred_at in [?3, ?4)`, the rows of one window of one table. */
function inWindow(w: ChannelWindow, alias = ""): string {
  const a = alias ? `${alias}.` : "";
  return `${a}workspace_id = ?1 ${w.siteId === undefined ? "" : `AND ${a}site_id = ?2`} AND ${a}occurred_at >= ?3 AND ${a}occurred_at < ?4`;
}

const bind = (statement: D1PreparedStatement, w: ChannelWindow) =>
  statement.bind(w.workspaceId, w.siteId ?? null, w.start, w.end);

// A voided conversion stops its order counting anywhere, whichever source saw it.
const voidedRef = (ref: string) =>
  `EXISTS (SELECT 1 FROM conversions v WHERE v.workspace_id = ?1 AND v.external_id = ${ref} AND v.voided_at IS NOT NULL)`;

/**
 * Every order of the window, each once, in its channel (shared/vocabulary/order-channels.ts).
 * The three sources an order can come from are joined by order id: a conversion posted
 * by the shop's server (`external_id`), a completed agentic checkout (`order.id`, else the
 * checkout's own id), a purchase the snippet reported (`order_id`). The amount is the
 * strongest source's: the server's post, then the checkout's answer, then the page's.
 * AI referral evidence: 1 an AI platform's click id, 2 its UTM source (posted with the
 * conversion), 3 the snippet's visit came from an assistant; the lowest number wins.
 */
export function channelStatement(d1: D1Database, w: ChannelWindow): D1PreparedStatement {
  const sql = `
WITH rows AS (
  SELECT external_id AS ref, 1 AS rank, value_minor AS value, currency, occurred_at AS at,
         0 AS agentic, 0 AS in_browser,
         CASE WHEN attributed_platform IN ${AI_PLATFORMS_SQL}
              THEN CASE attribution_basis WHEN 'declared_click_id' THEN 1 WHEN 'declared_utm' THEN 2 END END AS evidence
  FROM conversions WHERE ${inWindow(w)} AND voided_at IS NULL
  UNION ALL
  SELECT coalesce(order_ref, protocol || ':' || checkout_ref), 2, amount_minor, currency, occurred_at, 1, 0, NULL
  FROM agent_checkouts WHERE ${inWindow(w)} AND outcome = 'completed'
  UNION ALL
  SELECT order_ref, 3, value_minor, currency, occurred_at, 0,
         CASE WHEN agent_in_session = 1 OR session_platform IS NOT NULL THEN 1 ELSE 0 END,
         CASE WHEN session_source IN ${AI_SESSION_SOURCES_SQL}
                OR (session_source = 'paid' AND session_sub_source IN ${AI_PLATFORMS_SQL}) THEN 3 END
  FROM browser_commerce WHERE ${inWindow(w)} AND kind = 'purchase' AND order_ref IS NOT NULL
),
orders AS (
  SELECT ref, max(agentic) AS agentic, max(in_browser) AS in_browser, min(evidence) AS evidence
  FROM rows GROUP BY ref
),
best AS (
  SELECT ref, value, currency, row_number() OVER (PARTITION BY ref ORDER BY rank, at) AS n FROM rows
)
SELECT CASE WHEN o.agentic = 1 THEN 'agent_checkout' WHEN o.in_browser = 1 THEN 'agent_browser'
            WHEN o.evidence IS NOT NULL THEN 'ai_referral' ELSE 'other' END AS channel,
       CASE WHEN o.agentic = 0 AND o.in_browser = 0 THEN o.evidence END AS evidence,
       b.currency AS currency, count(*) AS orders, coalesce(sum(b.value), 0) AS value_minor
FROM orders o JOIN best b ON b.ref = o.ref AND b.n = 1
WHERE NOT ${voidedRef("o.ref")}
GROUP BY 1, 2, 3`;
  return bind(d1.prepare(sql), w);
}

/** The window's agentic checkouts by protocol, agent and outcome (a voided order's completion left out). */
export function checkoutStatement(d1: D1Database, w: ChannelWindow): D1PreparedStatement {
  const sql = `
SELECT protocol, platform, agent, tier, outcome, currency, count(*) AS checkouts,
       coalesce(sum(amount_minor), 0) AS value_minor
FROM agent_checkouts a
WHERE ${inWindow(w, "a")} AND NOT (a.outcome = 'completed' AND a.order_ref IS NOT NULL AND ${voidedRef("a.order_ref")})
GROUP BY protocol, platform, agent, tier, outcome, currency
ORDER BY ${outcomeRankSql("outcome")} DESC`;
  return bind(d1.prepare(sql), w);
}

/** The window's agent-submitted forms and WebMCP tool events, by what they were. */
export function browserAgentStatement(d1: D1Database, w: ChannelWindow): D1PreparedStatement {
  const sql = `
SELECT kind, form, tool, count(*) AS events FROM browser_commerce
WHERE ${inWindow(w)} AND kind IN ('agent_submit', 'tool_activated', 'tool_canceled')
GROUP BY kind, form, tool`;
  return bind(d1.prepare(sql), w);
}

export function channelRowsOf(results: D1Result): ChannelRow[] {
  return (results.results as (Omit<ChannelRow, "evidence"> & { evidence: number | null })[]).map((r) => ({
    ...r,
    evidence: r.evidence === null ? null : EVIDENCE_CODES[r.evidence],
  }));
}
