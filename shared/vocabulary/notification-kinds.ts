import { z } from "zod";

// What a member can be told about by mail (docs/app.md "Notifications"), declared once:
// the preferences table's enum, the settings form's fields, the unsubscribe token's
// kind and the zod schema all read this list. Every kind is off until the member turns
// it on (opt-in): nobody receives mail they did not ask for.
export const NOTIFICATION_KINDS = [
  "weekly_report",
  "new_agent",
  "install_stopped",
  "score_below",
  "robots_violations",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const NotificationKindSchema = z.enum(NOTIFICATION_KINDS);

/** The kinds that are alerts (an event), as opposed to the weekly report (a period). */
export const ALERT_KINDS = [
  "new_agent",
  "install_stopped",
  "score_below",
  "robots_violations",
] as const satisfies readonly NotificationKind[];
export type AlertKind = (typeof ALERT_KINDS)[number];

/** How each kind is named on the settings page, in mail and on the unsubscribe page. */
export const NOTIFICATION_LABELS: Record<NotificationKind, { title: string; explains: string }> = {
  weekly_report: {
    title: "Weekly report",
    explains: "Every Monday: last week's AI-agent sessions per site against the week before, and the scan score.",
  },
  new_agent: {
    title: "New AI agent",
    explains: "An AI platform visits one of the sites for the first time in 90 days.",
  },
  install_stopped: {
    title: "Installation stopped receiving",
    explains: "A site that was receiving events has had none accepted for 24 hours.",
  },
  score_below: {
    title: "Score below threshold",
    explains: "A monitored domain's scan score drops below the workspace's threshold.",
  },
  robots_violations: {
    title: "robots.txt violations",
    explains: "An AI agent requested paths the site's robots.txt disallowed it, on the previous day.",
  },
};

export function isNotificationKind(value: unknown): value is NotificationKind {
  return typeof value === "string" && (NOTIFICATION_KINDS as readonly string[]).includes(value);
}
