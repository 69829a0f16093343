import { scans, sites, workspaces } from "@schema";
import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import { attributionTotals } from "../attribution/attribution-overview";
import { requestContext } from "../context/request-context";
import { channelMailLines } from "../conversions/channel-mail-lines";
import { channelFigures, channelReportRows } from "../conversions/conversion-channels";
import { database } from "../db/client";
import { type MailEnv, sendMail } from "../email/send-mail";
import { log } from "../http/log";
import { metricGlossary } from "../metrics/metric-text";
import { robotsComplianceReport } from "../reads/agent-reports";
import type { ReportSite } from "../reports/report-params";
import { siteShard } from "../shards/site-shard";
import { DAY_MS, HOUR_MS } from "../time/durations";
import { utcDayStart } from "../time/utc-day";
import { ALERT_KINDS, type NotificationKind } from "../vocabulary/notification-kinds";
import { monitorsOfDomain, recordAlertDelivery, scoreChangedPayloadsSince } from "./alert-webhooks";
import {
  AGENT_HISTORY_DAYS,
  type Alert,
  detectInstallStopped,
  detectNewAgents,
  detectRobotsViolations,
  detectScoreBelow,
} from "./detect-alerts";
import { alertMail, type MailLinks, weeklyMail } from "./notification-mail";
import { type Recipient, readAlertSettings, recipientsOf, workspacesToNotify } from "./notification-store";
import { claimSend, releaseSend, sentKey } from "./sent-log";
import { signUnsubscribe } from "./unsubscribe-token";
import {
  reportWeek,
  summarizeRevenue,
  summarizeSiteWeek,
  WEEKLY_METRICS,
  type WeekWindow,
  weeklyReportLines,
  weekQuery,
  weekStartDay,
} from "./weekly-report";

// One notification run (the app Worker's hourly cron, docs/app.md "Notifications"): for
// every workspace where someone opted in (or alert webhooks are on), find what happened
// and tell each member who asked, once. Detection is in detect-alerts.ts and
// weekly-report.ts; this file reads their inputs and delivers their results.

export interface NotifyEnv extends MailEnv {
  ANALYTICS_SHARD: DurableObjectNamespace;
}

export interface NotifyLinks {
  /** Absolute URL of a workspace page, `path` as routes are declared ("/sites/x/traffic"). */
  page(workspaceId: string, path: string): string;
  /** Absolute URL of the unsubscribe page for a token. */
  unsubscribe(token: string): string;
  /** The key unsubscribe tokens are signed with (unsubscribe-token.ts). */
  unsubscribeKey: string;
  /** Queues the first attempt of a recorded webhook delivery; absent or failing, the scan Worker's redrive sends it. */
  deliverNow?(deliveryId: string): Promise<void>;
}

export interface NotifyOutcome {
  workspaces: number;
  mails: number;
  webhooks: number;
  failures: number;
}

/** Sites per workspace a run looks at (the newest): each costs a few shard calls. */
export const NOTIFY_SITES = 50;
/** score.changed deliveries read back this far: a missed hourly run still catches the drop. */
const SCORE_LOOKBACK_MS = 2 * DAY_MS;

interface NotifySite extends ReportSite {
  lastAcceptAt: number | null;
}

const ScoreChange = z.object({
  domain: z.string(),
  oldScore: z.number(),
  newScore: z.number(),
  scanId: z.string().nullable().optional(),
  timestamp: z.string(),
  test: z.literal(true).optional(),
});

/** The app page where an alert's subject is seen. */
function alertPath(alert: Alert): string {
  const site = `/sites/${encodeURIComponent(alert.domain)}`;
  switch (alert.kind) {
    case "new_agent":
      return `${site}/traffic`;
    case "install_stopped":
      return site;
    case "score_below":
      return "/monitors";
    case "robots_violations":
      return `${site}/robots`;
  }
}

export async function runNotifications(env: NotifyEnv, links: NotifyLinks, nowMs: number): Promise<NotifyOutcome> {
  const outcome: NotifyOutcome = { workspaces: 0, mails: 0, webhooks: 0, failures: 0 };
  for (const workspaceId of await workspacesToNotify(database(env.DB))) {
    try {
      await notifyWorkspace(env, links, workspaceId, nowMs, outcome);
      outcome.workspaces++;
    } catch (err) {
      outcome.failures++;
      log("error", "notifications failed for a workspace", {
        workspace_id: workspaceId,
        error: err instanceof Error ? err.message : String(err),
      });
    }
  }
  return outcome;
}

async function notifyWorkspace(
  env: NotifyEnv,
  links: NotifyLinks,
  workspaceId: string,
  nowMs: number,
  outcome: NotifyOutcome,
): Promise<void> {
  const db = database(env.DB);
  const [recipients, settings, workspace, siteRows] = await Promise.all([
    recipientsOf(db, workspaceId),
    readAlertSettings(db, workspaceId),
    db
      .select({ name: workspaces.name, timeZone: workspaces.timeZone })
      .from(workspaces)
      .where(eq(workspaces.id, workspaceId))
      .get(),
    db
      .select({
        id: sites.id,
        domain: sites.domain,
        coverage: sites.coverage,
        coverageChangedAt: sites.coverageChangedAt,
        lastAcceptAt: sites.lastAcceptAt,
      })
      .from(sites)
      .where(eq(sites.workspaceId, workspaceId))
      .orderBy(desc(sites.createdAt))
      .limit(NOTIFY_SITES)
      .all(),
  ]);
  if (!workspace) return;
  const wanted = new Set<NotificationKind>(recipients.flatMap((r) => [...r.kinds]));
  if (settings.alertWebhooks) for (const k of ALERT_KINDS) wanted.add(k);

  const alerts = await detectWorkspaceAlerts(env, workspaceId, siteRows, wanted, settings.scoreThreshold, nowMs);
  const unsubscribeUrl = async (r: Recipient, kind: NotificationKind) =>
    links.unsubscribe(await signUnsubscribe(links.unsubscribeKey, { workspaceId, userId: r.userId, kind }));
  const mailLinks = async (r: Recipient, kind: NotificationKind, path: string): Promise<MailLinks> => ({
    page: links.page(workspaceId, path),
    settings: links.page(workspaceId, "/settings/notifications"),
    unsubscribe: await unsubscribeUrl(r, kind),
  });

  for (const alert of alerts) {
    for (const r of recipients.filter((x) => x.kinds.has(alert.kind))) {
      const key = sentKey(alert.key, { userId: r.userId });
      if (!(await claimSend(db, key, workspaceId, alert.kind, nowMs))) continue;
      const mail = alertMail(r.email, alert, workspace, await mailLinks(r, alert.kind, alertPath(alert)));
      const sent = await sendMail(env, mail, nowMs);
      if (sent.sent) outcome.mails++;
      else {
        outcome.failures++;
        await releaseSend(db, key);
      }
    }
    if (settings.alertWebhooks) {
      for (const monitorId of await monitorsOfDomain(env.DB, workspaceId, alert.domain)) {
        const key = sentKey(alert.key, { monitorId });
        if (!(await claimSend(db, key, workspaceId, alert.kind, nowMs))) continue;
        const deliveryId = await recordAlertDelivery(env.DB, workspaceId, monitorId, alert, nowMs);
        if (!deliveryId) continue;
        outcome.webhooks++;
        await links.deliverNow?.(deliveryId).catch((err: unknown) => {
          // Recorded as pending: the scan Worker's redrive job sends it (REDRIVE_GRACE_MS).
          log("warn", "alert webhook not queued now", { delivery_id: deliveryId, error: String(err) });
        });
      }
    }
  }

  const weekly = recipients.filter((r) => r.kinds.has("weekly_report"));
  if (weekly.length === 0) return;
  // The workspace's Monday-to-Monday week, sent by the first hourly run after it ends
  // there; a member who turned the report on since gets the 7 days before that day first.
  // Members with the same week share one set of lines.
  const linesOf = new Map<string, Promise<string[]>>();
  const siteHref = (week: WeekWindow) => (domain: string) =>
    links.page(workspaceId, `/sites/${encodeURIComponent(domain)}/traffic${weekQuery(week)}`);
  for (const r of weekly) {
    const week = reportWeek(nowMs, workspace.timeZone, r.weeklySince);
    const day = weekStartDay(week);
    const key = sentKey(`weekly_report:${workspaceId}:${day}`, { userId: r.userId });
    if (!(await claimSend(db, key, workspaceId, "weekly_report", nowMs))) continue;
    let lines: string[];
    try {
      if (!linesOf.has(day)) linesOf.set(day, weeklyLines(env, workspaceId, siteRows, week, nowMs, siteHref(week)));
      lines = await (linesOf.get(day) as Promise<string[]>);
    } catch (err) {
      await releaseSend(db, key);
      throw err;
    }
    const sent = await sendMail(
      env,
      weeklyMail(r.email, lines, workspace.name, await mailLinks(r, "weekly_report", "/")),
      nowMs,
    );
    if (sent.sent) outcome.mails++;
    else {
      outcome.failures++;
      await releaseSend(db, key);
    }
  }
}

/** Every alert of the kinds someone wants, from the sites' reports and the monitors' score changes. */
async function detectWorkspaceAlerts(
  env: NotifyEnv,
  workspaceId: string,
  siteRows: NotifySite[],
  wanted: Set<NotificationKind>,
  threshold: number,
  nowMs: number,
): Promise<Alert[]> {
  const alerts: Alert[] = [];
  if (wanted.has("install_stopped")) {
    for (const s of siteRows) {
      const a = detectInstallStopped(s, nowMs);
      if (a) alerts.push(a);
    }
  }
  if (wanted.has("new_agent")) {
    // The last 24 whole hours against the 90 days before them.
    const end = Math.floor(nowMs / HOUR_MS) * HOUR_MS;
    const recent = { period: "custom" as const, start: end - DAY_MS, end };
    const history = { period: "custom" as const, start: recent.start - AGENT_HISTORY_DAYS * DAY_MS, end: recent.start };
    for (const s of siteRows) {
      const shard = siteShard(env, s.id);
      const [now, before] = await Promise.all([
        shard.overview({ site: s, window: recent, nowMs }),
        shard.overview({ site: s, window: history, nowMs }),
      ]);
      alerts.push(
        ...detectNewAgents(
          s,
          now.by_platform,
          before.by_platform.map((p) => p.platform),
          recent,
          nowMs,
        ),
      );
    }
  }
  if (wanted.has("robots_violations")) {
    // The previous whole UTC day, judged as GET /api/v1/traffic/robots-compliance judges it.
    const dayStart = utcDayStart(nowMs) - DAY_MS;
    for (const s of siteRows) {
      const ctx = requestContext({
        env,
        workspaceId,
        actor: { kind: "service", job: "notifications" },
        nowMs,
        // Read by no report; the mail's links come from NotifyLinks.
        baseUrl: "",
      });
      const report = await robotsComplianceReport(ctx, {
        domain: s.domain,
        from: new Date(dayStart).toISOString(),
        to: new Date(dayStart + DAY_MS).toISOString(),
      });
      if (!report.ok) continue;
      const a = detectRobotsViolations(s, report.value, dayStart, nowMs);
      if (a) alerts.push(a);
    }
  }
  if (wanted.has("score_below")) {
    for (const raw of await scoreChangedPayloadsSince(env.DB, workspaceId, nowMs - SCORE_LOOKBACK_MS)) {
      const change = ScoreChange.safeParse(raw);
      if (!change.success || change.data.test) continue;
      const a = detectScoreBelow(workspaceId, { ...change.data, scanId: change.data.scanId ?? null }, threshold);
      if (a && !alerts.some((x) => x.key === a.key)) alerts.push(a);
    }
  }
  return alerts;
}

/**
 * The weekly report's lines: each site's overview, sources and verification reports for the
 * week, with `previous`, and the workspace's conversions of the week.
 */
async function weeklyLines(
  env: NotifyEnv,
  workspaceId: string,
  siteRows: NotifySite[],
  week: WeekWindow,
  nowMs: number,
  siteHref: (domain: string) => string,
): Promise<string[]> {
  const db = database(env.DB);
  const window = { period: "custom" as const, start: week.start, end: week.end };
  const revenue = attributionTotals(db, { workspaceId, start: week.start, end: week.end });
  const channels = channelReportRows(env.DB, { workspaceId, start: week.start, end: week.end });
  const summaries = await Promise.all(
    siteRows.map(async (s) => {
      const shard = siteShard(env, s.id);
      // In the week's zone, `previous` is the 7 local days before (docs/reports.md "Time zones").
      const params = { site: s, window, nowMs, compare: "previous" as const, timeZone: week.timeZone };
      const [overview, sources, verification, scan] = await Promise.all([
        shard.overview(params),
        shard.sources(params),
        shard.verification(params),
        db
          .select({ score: scans.overallScore })
          .from(scans)
          .where(eq(scans.domain, s.domain))
          .orderBy(desc(scans.lastSeenAt))
          .limit(1)
          .get(),
      ]);
      return summarizeSiteWeek({ domain: s.domain, overview, sources, verification, score: scan?.score ?? null });
    }),
  );
  return [
    ...weeklyReportLines(week, summaries, summarizeRevenue(await revenue), siteHref),
    ...channelMailLines(channelFigures(await channels)),
    ...metricGlossary(WEEKLY_METRICS),
  ];
}
