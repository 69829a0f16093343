import type { AttributionPeriod } from "../attribution/report-period";
import type { RequestContext } from "../context/request-context";
import { CHANNEL_NAMES, checkoutAgentText, EVIDENCE_NAMES, PROTOCOL_NAMES } from "../display/display-names";
import { ok, type Result } from "../result/result";
import { siteByDomain } from "../sites/site-by-domain";
import { periodWindow } from "../time/periods";
import { CHECKOUT_OUTCOMES, type CheckoutOutcome, COMMERCE_PROTOCOLS } from "../vocabulary/agentic-checkout";
import { ORDER_CHANNELS, REFERRAL_EVIDENCE } from "../vocabulary/order-channels";
import {
  type BrowserAgentRow,
  browserAgentStatement,
  type ChannelRow,
  type ChannelWindow,
  type CheckoutRow,
  channelRowsOf,
  channelStatement,
  checkoutStatement,
} from "./channel-report";
import type { ConversionChannels, OrderMoney } from "./channel-schema";

export interface ConversionChannelsInput {
  /** One site of the workspace; absent, the whole workspace. */
  domain?: string;
  period: AttributionPeriod;
}

/** At most this many agents and tools are listed (the most active first). */
const MAX_LISTED = 50;

/** Orders and per-currency money of rows, currencies ordered by orders then code. */
function money<R extends { currency: string | null; orders: number; value_minor: number }>(rows: readonly R[]) {
  let orders = 0;
  const byCurrency = new Map<string, OrderMoney>();
  for (const r of rows) {
    orders += r.orders;
    if (r.currency === null) continue;
    const m = byCurrency.get(r.currency) ?? { currency: r.currency, orders: 0, value_minor: 0 };
    m.orders += r.orders;
    m.value_minor += r.value_minor;
    byCurrency.set(r.currency, m);
  }
  const by_currency = [...byCurrency.values()].sort(
    (a, b) => b.orders - a.orders || a.currency.localeCompare(b.currency),
  );
  return { orders, by_currency };
}

type Outcomes = Record<CheckoutOutcome, number> & { by_currency: OrderMoney[] };

function outcomes(rows: readonly CheckoutRow[]): Outcomes {
  const counts = Object.fromEntries(CHECKOUT_OUTCOMES.map((o) => [o, 0])) as Record<CheckoutOutcome, number>;
  for (const r of rows) counts[r.outcome as CheckoutOutcome] += r.checkouts;
  const completed = rows
    .filter((r) => r.outcome === "completed")
    .map((r) => ({ currency: r.currency, orders: r.checkouts, value_minor: r.value_minor }));
  return { ...counts, by_currency: money(completed).by_currency };
}

function browserCounts(rows: readonly BrowserAgentRow[]) {
  const submitted = (form: string) =>
    rows.filter((r) => r.kind === "agent_submit" && r.form === form).reduce((n, r) => n + r.events, 0);
  return {
    carts_submitted: submitted("cart"),
    checkouts_submitted: submitted("checkout"),
    forms_submitted: submitted("form"),
  };
}

function byTool(rows: readonly BrowserAgentRow[]) {
  const tools = new Map<string, { tool: string; submitted: number; activated: number; canceled: number }>();
  for (const r of rows) {
    if (r.tool === null) continue;
    const t = tools.get(r.tool) ?? { tool: r.tool, submitted: 0, activated: 0, canceled: 0 };
    if (r.kind === "agent_submit") t.submitted += r.events;
    else if (r.kind === "tool_activated") t.activated += r.events;
    else t.canceled += r.events;
    tools.set(r.tool, t);
  }
  return [...tools.values()]
    .sort((a, b) => b.submitted + b.activated - (a.submitted + a.activated) || a.tool.localeCompare(b.tool))
    .slice(0, MAX_LISTED);
}

function byAgent(rows: readonly CheckoutRow[]) {
  const agents = new Map<string, CheckoutRow[]>();
  for (const r of rows) {
    const key = JSON.stringify([r.platform, r.agent, r.tier]);
    agents.set(key, [...(agents.get(key) ?? []), r]);
  }
  return [...agents.values()]
    .map((group) => {
      const { platform, agent, tier } = group[0];
      return {
        platform,
        agent,
        tier,
        verified: tier === "verified",
        name: checkoutAgentText(platform, agent, tier),
        ...outcomes(group),
      };
    })
    .sort(
      (a, b) =>
        b.completed - a.completed || b.canceled + b.failed - (a.canceled + a.failed) || a.name.localeCompare(b.name),
    )
    .slice(0, MAX_LISTED);
}

/**
 * The orders report (docs/conversions.md "Orders by channel"): every order of the period
 * once, in its channel, with revenue per currency and the previous period of equal
 * length; the agentic checkouts by protocol and by agent (verified or not) with how they
 * ended; what agents did in the browser (forms submitted, WebMCP tools); the AI
 * referrals by evidence. Read from D1 in one batch: posted conversions, agentic
 * checkouts (agent_checkouts) and the snippet's commerce events (browser_commerce). The
 * v1 route, its MCP tool, the app's conversions and overview pages, the CSV and the
 * weekly mail read it here.
 */
export async function conversionChannels(
  ctx: RequestContext,
  input: ConversionChannelsInput,
): Promise<Result<ConversionChannels, "invalid_domain" | "site_not_found">> {
  const site = await siteOf(ctx, input.domain);
  if (!site.ok) return site;
  const { start, end } = periodWindow(input.period, ctx.nowMs);
  const rows = await channelReportRows(ctx.env.DB, {
    workspaceId: ctx.workspaceId,
    siteId: site.value?.id,
    start,
    end,
  });
  return ok(buildConversionChannels({ ...rows, site: site.value, period: input.period }));
}

/**
 * The report's figures over a window that is not one of its periods (a custom range, the
 * last hour), against the equal window before it: the site dashboard and the workspace
 * overview show them beside the traffic of the same window.
 */
export async function channelsInWindow(
  ctx: RequestContext,
  input: { domain?: string; start: number; end: number },
): Promise<Result<ChannelFigures, "invalid_domain" | "site_not_found">> {
  const site = await siteOf(ctx, input.domain);
  if (!site.ok) return site;
  const { start, end } = input;
  return ok(
    channelFigures(
      await channelReportRows(ctx.env.DB, { workspaceId: ctx.workspaceId, siteId: site.value?.id, start, end }),
    ),
  );
}

/** The site a domain names in the workspace, or null for the whole workspace. */
async function siteOf(
  ctx: RequestContext,
  domain: string | undefined,
): Promise<Result<{ id: string; domain: string } | null, "invalid_domain" | "site_not_found">> {
  return domain === undefined ? ok(null) : siteByDomain(ctx.env.DB, ctx.workspaceId, domain);
}

/**
 * The report's rows over any window and the equal window before it, in one D1 batch:
 * the period's report reads it, and the weekly mail its Monday-to-Monday week
 * (shared/notifications/run-notifications.ts).
 */
export async function channelReportRows(
  d1: D1Database,
  now: ChannelWindow,
): Promise<Omit<ChannelReportRows, "site" | "period">> {
  const before: ChannelWindow = { ...now, start: now.start - (now.end - now.start), end: now.start };
  const [channelsNow, channelsBefore, checkoutsNow, checkoutsBefore, browserNow, browserBefore] = await d1.batch([
    channelStatement(d1, now),
    channelStatement(d1, before),
    checkoutStatement(d1, now),
    checkoutStatement(d1, before),
    browserAgentStatement(d1, now),
    browserAgentStatement(d1, before),
  ]);
  return {
    window: now,
    previousStart: before.start,
    channels: channelRowsOf(channelsNow),
    previousChannels: channelRowsOf(channelsBefore),
    checkouts: checkoutsNow.results as CheckoutRow[],
    previousCheckouts: checkoutsBefore.results as CheckoutRow[],
    browser: browserNow.results as BrowserAgentRow[],
    previousBrowser: browserBefore.results as BrowserAgentRow[],
  };
}

export interface ChannelReportRows {
  site: { id: string; domain: string } | null;
  period: AttributionPeriod;
  window: ChannelWindow;
  previousStart: number;
  channels: ChannelRow[];
  previousChannels: ChannelRow[];
  checkouts: CheckoutRow[];
  previousCheckouts: CheckoutRow[];
  browser: BrowserAgentRow[];
  previousBrowser: BrowserAgentRow[];
}

/** The report's figures (everything but its header), as the weekly mail reads them too. */
export type ChannelFigures = Omit<
  ConversionChannels,
  "site_id" | "domain" | "period" | "period_start" | "period_end" | "previous_period_start"
>;

/** The figures from the rows: every channel, protocol and evidence listed, zeros included. */
export function channelFigures(r: Omit<ChannelReportRows, "site" | "period">): ChannelFigures {
  return {
    total: { ...money(r.channels), previous: money(r.previousChannels) },
    channels: ORDER_CHANNELS.map((channel) => ({
      channel,
      name: CHANNEL_NAMES[channel],
      ...money(r.channels.filter((c) => c.channel === channel)),
      previous: money(r.previousChannels.filter((c) => c.channel === channel)),
    })),
    agent_checkouts: {
      by_protocol: COMMERCE_PROTOCOLS.map((protocol) => ({
        protocol,
        name: PROTOCOL_NAMES[protocol],
        ...outcomes(r.checkouts.filter((c) => c.protocol === protocol)),
        previous: outcomes(r.previousCheckouts.filter((c) => c.protocol === protocol)),
      })),
      by_agent: byAgent(r.checkouts),
    },
    browser_agents: {
      ...browserCounts(r.browser),
      previous: browserCounts(r.previousBrowser),
      by_tool: byTool(r.browser),
    },
    ai_referral: {
      by_evidence: REFERRAL_EVIDENCE.map((evidence) => ({
        evidence,
        name: EVIDENCE_NAMES[evidence],
        ...money(r.channels.filter((c) => c.channel === "ai_referral" && c.evidence === evidence)),
      })),
    },
  };
}

/** The report: its header (site, period, windows) and its figures. */
export function buildConversionChannels(r: ChannelReportRows): ConversionChannels {
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    site_id: r.site?.id ?? null,
    domain: r.site?.domain ?? null,
    period: r.period,
    period_start: iso(r.window.start),
    period_end: iso(r.window.end),
    previous_period_start: iso(r.previousStart),
    ...channelFigures(r),
  };
}
