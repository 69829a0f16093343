import type { CurrencyTotal } from "../attribution/attribution-schema";
import type { Source } from "../classify/source";
import { moneyText } from "../conversions/money-text";
import { countText } from "../display/count-text";
import { platformName, subSourceName } from "../display/display-names";
import type { MetricId } from "../metrics/metric-catalogue";
import { metricName } from "../metrics/metric-text";
import type { TrafficOverview, TrafficSources, VerificationBreakdown } from "../reports/report-schemas";
import { DAY_MS } from "../time/durations";
import { DEFAULT_TIME_ZONE, localDay, localDayStartOf } from "../time/time-zone";

// The weekly report (docs/app.md "Notifications", docs/reports.md "The weekly mail"):
// the last complete week, Monday 00:00 to the next Monday 00:00 in the workspace's time
// zone (167 or 169 hours when DST changes in it), against the week before, per site;
// the first report after a member turns it on covers the 7 complete days before that
// day instead (reportWeek), so it is never a week that ended days before they asked. Its numbers are the v1
// reports' for the same window: the overview, sources and verification reports with
// `from`/`to` set to the week and `compare=previous` (the same shard calls the API makes);
// its revenue is the attribution overview's totals over the same week (attributionTotals).

export interface WeekWindow {
  start: number;
  end: number;
  /** The IANA zone whose Mondays bound the week (the workspace's, docs/app.md "Time zone"). */
  timeZone: string;
}

/**
 * The last complete Monday-to-Monday week before `nowMs` in `timeZone`: it ends at the
 * local Monday 00:00 on or before `nowMs` (the start of the local day when a DST change
 * skips midnight), so the hourly run after that instant is the first to send it.
 */
export function lastCompleteWeek(nowMs: number, timeZone: string = DEFAULT_TIME_ZONE): WeekWindow {
  // Calendar arithmetic on the local date, held as that date's UTC midnight.
  const today = Date.parse(`${localDay(timeZone, nowMs)}T00:00:00.000Z`);
  // getUTCDay: 0 Sunday ... 6 Saturday; days since this week's Monday.
  const monday = today - ((new Date(today).getUTCDay() + 6) % 7) * DAY_MS;
  const date = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return {
    start: localDayStartOf(timeZone, date(monday - 7 * DAY_MS)),
    end: localDayStartOf(timeZone, date(monday)),
    timeZone,
  };
}

/**
 * The 7 complete local days before the local day that holds `ms`: from 00:00 seven days
 * before that day to 00:00 of that day, in `timeZone`.
 */
export function sevenDaysBefore(ms: number, timeZone: string = DEFAULT_TIME_ZONE): WeekWindow {
  const day = Date.parse(`${localDay(timeZone, ms)}T00:00:00.000Z`);
  const date = (at: number) => new Date(at).toISOString().slice(0, 10);
  return {
    start: localDayStartOf(timeZone, date(day - 7 * DAY_MS)),
    end: localDayStartOf(timeZone, date(day)),
    timeZone,
  };
}

/**
 * The week a member's report covers at `nowMs` (issue 40: the first report after opting
 * in on a Saturday covered the Monday-to-Monday week before, all zeros for a shop whose
 * traffic began since). Someone who turned the report on (`since`) before the last
 * complete Monday-to-Monday week ended gets that week. Someone who turned it on after
 * that Monday gets the 7 complete days before the day they turned it on, named in the
 * mail like any week, and the Monday after gets the regular week again. Turned on on a
 * Monday, both are the same week (and the same once-per-week key).
 */
export function reportWeek(nowMs: number, timeZone: string, since: number | null): WeekWindow {
  const regular = lastCompleteWeek(nowMs, timeZone);
  if (since === null || since < regular.end) return regular;
  return sevenDaysBefore(since, timeZone);
}

/** The local date the week starts on, `YYYY-MM-DD`: the weekly mail's once-per-week key. */
export function weekStartDay(week: WeekWindow): string {
  return localDay(week.timeZone, week.start);
}

export interface SiteWeekInput {
  domain: string;
  /** The overview report over the week, with `previous`. */
  overview: Pick<TrafficOverview, "total_sessions" | "by_platform"> & {
    previous?: Pick<TrafficOverview, "total_sessions" | "by_platform">;
  };
  /** The sources report over the week, with `previous`: its visits from AI assistants' links. */
  sources: Pick<TrafficSources, "by_source"> & { previous?: Pick<TrafficSources, "by_source"> };
  /** The verification report over the week, with `previous`. */
  verification: Pick<VerificationBreakdown, "total_sessions" | "verified_sessions"> & {
    previous?: Pick<VerificationBreakdown, "total_sessions" | "verified_sessions">;
  };
  /** The domain's newest scan score, or null when it was never scanned. */
  score: number | null;
}

export interface SiteWeekSummary {
  domain: string;
  sessions: number;
  previousSessions: number;
  platforms: { platform: string; sessions: number; previousSessions: number }[];
  /**
   * Visits that arrived from a link in an AI assistant's answer (the sources report's
   * `ai_assistant_link` rows), the week before's, and the assistants that sent most.
   */
  aiLinkVisits: number;
  previousAiLinkVisits: number;
  aiLinkAssistants: { assistant: string; sessions: number }[];
  /** Verified sessions as a percentage of sessions, one decimal; null without sessions. */
  verifiedPct: number | null;
  previousVerifiedPct: number | null;
  score: number | null;
}

/**
 * The metrics the mail gives, named as the catalogue names them (docs/metrics.md) and
 * defined at the mail's end (`metricGlossary`), so the mail and the dashboard use one
 * word for one number.
 */
export const WEEKLY_METRICS = [
  "agent_sessions",
  "assistant_referred_visits",
  "verified_share",
  "conversions",
] as const satisfies readonly MetricId[];

/** Platforms listed per site at most; the rest are in the site's traffic page. */
export const WEEKLY_PLATFORMS = 5;

/** Assistants named on the AI-link line at most (the sources page lists them all). */
export const WEEKLY_LINK_ASSISTANTS = 3;

/** The attribution source of a visit that arrived from a link in an AI assistant's answer. */
const AI_LINK_SOURCE: Source = "ai_assistant_link";

/** The `ai_assistant_link` rows of a sources report (one per assistant, its sub-source). */
const aiLinkRows = (bySource: TrafficSources["by_source"]) => bySource.filter((r) => r.source === AI_LINK_SOURCE);
const sumSessions = (rows: { sessions: number }[]) => rows.reduce((n, r) => n + r.sessions, 0);

const pct = (part: number, whole: number) => (whole === 0 ? null : Math.round((part * 1000) / whole) / 10);

/** One site's week from its two reports: pure, so the mail says exactly what the reports say. */
export function summarizeSiteWeek(input: SiteWeekInput): SiteWeekSummary {
  const before = new Map((input.overview.previous?.by_platform ?? []).map((p) => [p.platform, p.sessions]));
  const links = aiLinkRows(input.sources.by_source);
  return {
    domain: input.domain,
    sessions: input.overview.total_sessions,
    previousSessions: input.overview.previous?.total_sessions ?? 0,
    platforms: input.overview.by_platform.slice(0, WEEKLY_PLATFORMS).map((p) => ({
      platform: p.platform,
      sessions: p.sessions,
      previousSessions: before.get(p.platform) ?? 0,
    })),
    aiLinkVisits: sumSessions(links),
    previousAiLinkVisits: sumSessions(aiLinkRows(input.sources.previous?.by_source ?? [])),
    // by_source is ordered most sessions first (the sources report's order).
    aiLinkAssistants: links
      .filter((r) => r.sessions > 0)
      .slice(0, WEEKLY_LINK_ASSISTANTS)
      .map((r) => ({ assistant: subSourceName(AI_LINK_SOURCE, r.sub_source), sessions: r.sessions })),
    verifiedPct: pct(input.verification.verified_sessions, input.verification.total_sessions),
    previousVerifiedPct: input.verification.previous
      ? pct(input.verification.previous.verified_sessions, input.verification.previous.total_sessions)
      : null,
    score: input.score,
  };
}

export interface WeekRevenue {
  /** The week's conversions per currency (GET /attribution/overview's `by_currency` for the week). */
  byCurrency: CurrencyTotal[];
  /** Of which attributed to a visit from an AI assistant's link (`by_source` rows of that source), per currency. */
  fromAiLinks: CurrencyTotal[];
}

/**
 * The week's revenue from the attribution totals of the week's window: per currency,
 * never summed across currencies (contract), and the part the attribution report gives
 * to AI assistants' links, added up per currency over their sub-sources.
 */
export function summarizeRevenue(totals: {
  by_currency: CurrencyTotal[];
  by_source: { source: string; by_currency: CurrencyTotal[] }[];
}): WeekRevenue {
  const ai = new Map<string, CurrencyTotal>();
  for (const s of totals.by_source) {
    if (s.source !== AI_LINK_SOURCE) continue;
    for (const m of s.by_currency) {
      const t = ai.get(m.currency) ?? { currency: m.currency, conversions: 0, value_minor: 0 };
      ai.set(m.currency, {
        ...t,
        conversions: t.conversions + m.conversions,
        value_minor: t.value_minor + m.value_minor,
      });
    }
  }
  return { byCurrency: totals.by_currency, fromAiLinks: [...ai.values()] };
}

/** The revenue lines of the mail: one line per currency. */
export function revenueLines(revenue: WeekRevenue): string[] {
  if (revenue.byCurrency.length === 0) return ["Revenue: no conversions recorded this week.", ""];
  const lines = ["Revenue recorded this week (per currency, never added across currencies):"];
  for (const m of revenue.byCurrency) {
    const ai = revenue.fromAiLinks.find((a) => a.currency === m.currency);
    const fromAi = ai
      ? `${moneyText(ai.value_minor, ai.currency)} from ${countText(ai.conversions, "conversion")} after an AI assistant's link`
      : "none after an AI assistant's link";
    lines.push(`  ${moneyText(m.value_minor, m.currency)} from ${countText(m.conversions, "conversion")}; ${fromAi}`);
  }
  lines.push("");
  return lines;
}

/** "+3", "-2", "±0": the change a reader looks for first. */
export function signedChange(now: number, before: number): string {
  const d = now - before;
  return d > 0 ? `+${d}` : d < 0 ? `${d}` : "±0";
}

/**
 * The traffic page's query for exactly the week's days (`from` and `to` are whole local
 * days, the page's custom range): the dashboard shows the mail's numbers for them.
 */
export function weekQuery(week: WeekWindow): string {
  return `?from=${weekStartDay(week)}&to=${localDay(week.timeZone, week.end - 1)}`;
}

/**
 * The mail's body lines for the sites (the footer is added by the sender); `siteHref`
 * gives each site's traffic page for the same days, so the reader can open the numbers.
 */
export function weeklyReportLines(
  week: WeekWindow,
  sites: readonly SiteWeekSummary[],
  revenue?: WeekRevenue,
  siteHref?: (domain: string) => string,
): string[] {
  const lines = [
    `AI-agent traffic, week of ${weekStartDay(week)} to ${localDay(week.timeZone, week.end - 1)} (${week.timeZone}), against the week before.`,
    "",
  ];
  if (sites.length === 0) lines.push("This workspace has no sites yet.");
  for (const s of sites) {
    lines.push(`${s.domain}`);
    lines.push(
      `  ${metricName("agent_sessions")}: ${s.sessions} (${signedChange(s.sessions, s.previousSessions)}; week before: ${s.previousSessions})`,
    );
    for (const p of s.platforms) {
      lines.push(`    ${platformName(p.platform)}: ${p.sessions} (${signedChange(p.sessions, p.previousSessions)})`);
    }
    const assistants = s.aiLinkAssistants.map((a) => `${a.assistant} ${a.sessions}`).join(", ");
    lines.push(
      `  ${metricName("assistant_referred_visits")}: ${s.aiLinkVisits} (${signedChange(s.aiLinkVisits, s.previousAiLinkVisits)})${assistants === "" ? "" : `; ${assistants}`}`,
    );
    const verified = s.verifiedPct === null ? "no sessions" : `${s.verifiedPct}%`;
    const before = s.previousVerifiedPct === null ? "no sessions" : `${s.previousVerifiedPct}%`;
    lines.push(`  ${metricName("verified_share")}: ${verified} (week before: ${before})`);
    lines.push(`  Scan score: ${s.score === null ? "not scanned yet" : `${s.score}/100`}`);
    if (siteHref) lines.push(`  These days in the app: ${siteHref(s.domain)}`);
    lines.push("");
  }
  if (revenue) lines.push(...revenueLines(revenue));
  return lines;
}
