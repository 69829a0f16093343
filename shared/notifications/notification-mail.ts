import { countText } from "../display/count-text";
import { agentName, platformName } from "../display/display-names";
import { timeText } from "../display/time-text";
import type { Mail } from "../email/send-mail";
import { NOTIFICATION_LABELS, type NotificationKind } from "../vocabulary/notification-kinds";
import type { Alert } from "./detect-alerts";

// The words of notification mail (plain text, as every mail here: shared/email/send-mail.ts).
// Every message ends with why it came, the settings page and a one-kind unsubscribe
// link; the same link goes in List-Unsubscribe with List-Unsubscribe-Post (RFC 8058
// one-click) when it is https, the only scheme Cloudflare Email Service accepts there
// (developers.cloudflare.com/email-service/reference/headers/).

export interface MailLinks {
  /** Where the message's subject can be seen in the app (absolute). */
  page: string;
  /** Settings → Notifications of the workspace (absolute). */
  settings: string;
  /** GET confirms, POST unsubscribes (absolute). */
  unsubscribe: string;
}

const SUBJECT_PREFIX = "Agent Readiness";

function footer(kind: NotificationKind, workspaceName: string, links: MailLinks): string[] {
  const { title } = NOTIFICATION_LABELS[kind];
  return [
    "",
    "--",
    `You receive this because you turned on "${title}" in the workspace ${workspaceName}.`,
    `Notification settings: ${links.settings}`,
    `Unsubscribe from "${title}": ${links.unsubscribe}`,
  ];
}

export function unsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  if (!unsubscribeUrl.startsWith("https://")) return {};
  return { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/**
 * The sentence an alert says, and the subject line, with its times in the workspace's
 * `zone` in the one time format (the payload keeps RFC 3339 for webhooks).
 */
export function alertWords(alert: Alert, zone: string): { subject: string; sentence: string } {
  const p = alert.payload;
  const time = (iso: string) => timeText(iso, false, zone);
  switch (p.event) {
    case "alert.new_agent":
      return {
        subject: `New AI agent on ${p.domain}: ${platformName(p.platform)}`,
        sentence: `${platformName(p.platform)} visited ${p.domain} for the first time in 90 days: ${countText(p.sessions, "session")} between ${time(p.windowStart)} and ${time(p.windowEnd)}.`,
      };
    case "alert.install_stopped":
      return {
        subject: `${p.domain} stopped receiving events`,
        sentence: `No event from ${p.domain} has been accepted for ${p.silentHours} hours (the last at ${time(p.lastAcceptedAt)}). Check that the snippet is still on the site's pages.`,
      };
    case "alert.score_below":
      return {
        subject: `${p.domain} scored ${p.newScore}, below ${p.threshold}`,
        sentence: `The agent-readiness score of ${p.domain} dropped from ${p.oldScore} to ${p.newScore}, below the workspace's threshold of ${p.threshold}.`,
      };
    case "alert.robots_violations":
      return {
        subject: `robots.txt violations on ${p.domain} (${p.day})`,
        sentence: `On ${p.day} (UTC), AI agents made ${countText(p.disallowed, "request")} to ${p.domain} that its robots.txt disallowed: ${p.agents.map((a) => `${agentName(a.agent)} (${platformName(a.platform)}) ${a.disallowed}`).join(", ")}.`,
      };
  }
}

export function alertMail(
  to: string,
  alert: Alert,
  workspace: { name: string; timeZone: string },
  links: MailLinks,
): Mail {
  const workspaceName = workspace.name;
  const words = alertWords(alert, workspace.timeZone);
  return {
    to,
    subject: `${SUBJECT_PREFIX}: ${words.subject}`,
    text: [words.sentence, "", `See it in the app: ${links.page}`, ...footer(alert.kind, workspaceName, links)].join(
      "\n",
    ),
    headers: unsubscribeHeaders(links.unsubscribe),
  };
}

export function weeklyMail(to: string, lines: string[], workspaceName: string, links: MailLinks): Mail {
  return {
    to,
    subject: `${SUBJECT_PREFIX}: weekly report for ${workspaceName}`,
    text: [...lines, `Open the workspace: ${links.page}`, ...footer("weekly_report", workspaceName, links)].join("\n"),
    headers: unsubscribeHeaders(links.unsubscribe),
  };
}
