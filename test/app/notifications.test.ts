import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { recordConversions } from "../../shared/conversions/record-conversions";
import { database } from "../../shared/db/client";
import type { KeptMail } from "../../shared/email/send-mail";
import { METRICS } from "../../shared/metrics/metric-catalogue";
import { createMonitor } from "../../shared/monitors/create-monitor";
import { recordRescanScore } from "../../shared/monitors/record-rescan-score";
import { readPreferences } from "../../shared/notifications/notification-store";
import { signUnsubscribe } from "../../shared/notifications/unsubscribe-token";
import { lastCompleteWeek, WEEKLY_METRICS } from "../../shared/notifications/weekly-report";
import { notifyJob } from "../../workers/app/jobs";
import { keptMail } from "../helpers/local-mailbox";
import { testContextWith } from "../helpers/test-context";
import { DAY, insertSession } from "../v1/traffic-fixtures";
import { elementText, FormClient, uniqueEmail } from "./form-client";

/**
 * A monitor created as a use case call: the scan Worker is not in this project, so its
 * MonitorControl refuses the first scan (left to the rescan cron); no local resolve map.
 */
function createMonitorOf(workspaceId: string, input: { domain: string; webhookUrl: string }) {
  const noBaselineScan = {
    requestRescan: async () => ({ accepted: false as const, retryAfterSeconds: 60 }),
    deliverNow: async () => {},
  };
  const ctx = testContextWith({ MONITOR_CONTROL: noBaselineScan, OUTBOUND_RESOLVE: "" }, { workspaceId });
  return createMonitor(ctx, input);
}

// The notification cron (workers/app/jobs.ts) against real D1, the shards and the local
// mailbox, with the settings made through the app's own forms. The job runs with an
// https PUBLIC_BASE_URL, as a deployment's, so the List-Unsubscribe headers are sent.
const BASE = "https://notify.test";
const NOTIFICATIONS = "/app/settings/notifications";
const HOUR = 3_600_000;
const runAt = (now: number) => notifyJob({ ...env, PUBLIC_BASE_URL: BASE }, now);

async function mailTo(email: string): Promise<KeptMail[]> {
  return (await keptMail(500)).filter((m) => m.toAddress === email);
}

function linkAfter(text: string, label: string): string {
  const match = new RegExp(`${label}[^\\n]*?(https://\\S+)`).exec(text);
  if (!match) throw new Error(`no link after ${label} in:\n${text}`);
  return match[1];
}

/** An owner with a fresh workspace and a member who joined it through an invitation. */
async function workspaceWithMember() {
  const owner = new FormClient();
  const ownerEmail = uniqueEmail("notify-owner");
  await owner.signUp(ownerEmail);
  await owner.get("/app/settings/members");
  const invited = await owner.submit("/app/settings/members/invites", { role: "member" });
  const invitePath = new URL(elementText(invited.html, "invite-link") as string).pathname;
  const member = new FormClient();
  const memberEmail = uniqueEmail("notify-member");
  await member.get(invitePath);
  const joined = await member.post("/app/sign-up", {
    email: memberEmail,
    password: "a long enough password",
    invite: invitePath.split("/").at(-1) as string,
  });
  expect(joined.status).toBe(303);
  await member.landInWorkspace();
  return { owner, ownerEmail, member, memberEmail, workspaceId: owner.workspace as string };
}

/** The weekly report as turned on at `at` by every member of the workspace who has it on. */
async function optedInAt(workspaceId: string, at: number) {
  await env.DB.prepare(
    "UPDATE notification_preferences SET updated_at = ? WHERE workspace_id = ? AND kind = 'weekly_report'",
  )
    .bind(at, workspaceId)
    .run();
}

async function choose(client: FormClient, fields: Record<string, string | string[]>) {
  await client.get(NOTIFICATIONS);
  return client.submit(NOTIFICATIONS, fields);
}

describe("notification settings and the cron", () => {
  it("sends the weekly report only to members who opted in, once however often the cron runs", async () => {
    const { owner, ownerEmail, memberEmail, workspaceId } = await workspaceWithMember();
    await owner.get("/app/sites");
    expect((await owner.post("/app/sites", { domain: "weekly-notify.example", name: "" })).status).toBe(303);
    const saved = await choose(owner, { kinds: "weekly_report", score_threshold: "50" });
    expect(saved.postStatus).toBe(303);
    expect(saved.location).toBe(`/app/w/${workspaceId}/settings/notifications?saved=1`);
    expect(saved.html).toContain("Your notification settings are saved.");
    expect(saved.html).toMatch(/value="weekly_report" checked/);

    const now = Date.now();
    await runAt(now);
    await runAt(now + HOUR);
    const mail = await mailTo(ownerEmail);
    expect(mail.map((m) => m.subject)).toEqual([`Agent Readiness: weekly report for ${await workspaceName(owner)}`]);
    expect(mail[0].text).toContain("weekly-notify.example");
    expect(mail[0].text).toContain("AI-agent sessions: 0 (±0; week before: 0)");
    expect(linkAfter(mail[0].text, "Open the workspace")).toBe(`${BASE}/app/w/${workspaceId}`);
    expect(linkAfter(mail[0].text, "Notification settings")).toBe(
      `${BASE}/app/w/${workspaceId}/settings/notifications`,
    );
    // The member never opted in: nothing.
    expect(await mailTo(memberEmail)).toEqual([]);
  });

  it("puts the week's revenue per currency, and the part after an AI assistant's link, next to the traffic", async () => {
    const owner = new FormClient();
    const email = uniqueEmail("weekly-revenue");
    await owner.signUp(email);
    await owner.get("/app/sites");
    expect((await owner.post("/app/sites", { domain: "weekly-revenue.example", name: "" })).status).toBe(303);
    await choose(owner, { kinds: "weekly_report", score_threshold: "50" });
    const workspaceId = owner.workspace as string;
    const site = await env.DB.prepare("SELECT id FROM sites WHERE domain = 'weekly-revenue.example'").first<{
      id: string;
    }>();
    const now = Date.now();
    const week = lastCompleteWeek(now);
    // Turned on before that week ended: this member's report is the regular Monday-to-Monday week.
    await optedInAt(workspaceId, week.start);
    // Traffic: ChatGPT twice and Claude once in the week, ChatGPT once the week before.
    for (const [at, platform] of [
      [week.start + DAY, "chatgpt"],
      [week.start + 2 * DAY, "chatgpt"],
      [week.start + 3 * DAY, "claude"],
      [week.start - 3 * DAY, "chatgpt"],
    ] as const)
      await insertSession(workspaceId, site?.id ?? "", { startedAt: at, platform });
    // Orders: in the week 10.00 EUR after a ChatGPT link, 25.00 EUR and 7.00 USD without;
    // 99.00 EUR the hour before the week, which this week's report does not count.
    // Each is recorded an hour after it occurred, as a shop's backend posts it (the API
    // takes orders at most 7 days old, and the last complete week may end 7 days ago).
    const orders = [
      [week.start + DAY, 1000, "EUR", "chatgpt.com"],
      [week.start + 2 * DAY, 2500, "EUR", null],
      [week.end - 1, 700, "USD", null],
      [week.start - 3_600_000, 9900, "EUR", null],
    ] as const;
    let accepted = 0;
    for (const [i, [occurred, value, currency, utm]] of orders.entries()) {
      const item = {
        external_id: `w-${i}`,
        occurred_at: new Date(occurred).toISOString(),
        value_minor: value,
        currency,
        ...(utm ? { attribution: { utm: { source: utm } } } : {}),
      };
      accepted += (await recordConversions(database(env.DB), workspaceId, [item], occurred + 3_600_000)).accepted;
    }
    expect(accepted).toBe(4);

    await runAt(now);
    const [mail] = await mailTo(email);
    expect(mail.text).toContain("AI-agent sessions: 3 (+2; week before: 1)");
    expect(mail.text).toContain("ChatGPT: 2 (+1)");
    expect(mail.text).toContain("Claude: 1 (+1)");
    expect(mail.text).toContain("Revenue recorded this week (per currency, never added across currencies):");
    expect(mail.text).toContain(
      "  35.00 EUR from 2 conversions; 10.00 EUR from 1 conversion after an AI assistant's link",
    );
    expect(mail.text).toContain("  7.00 USD from 1 conversion; none after an AI assistant's link");
    expect(mail.text).not.toContain("99.00");
    // Its numbers' names and definitions are the metric catalogue's (docs/metrics.md).
    expect(mail.text).toContain("Visits referred by an AI assistant: 0 (±0)");
    expect(mail.text).toContain("Verified share: ");
    for (const id of WEEKLY_METRICS)
      expect(mail.text, id).toContain(`\n${METRICS[id].name}: ${METRICS[id].definition}\n`);
  });

  it("unsubscribes through the mail's link: GET asks, one-click POST turns only that kind off", async () => {
    const { owner, ownerEmail, workspaceId } = await workspaceWithMember();
    await choose(owner, { kinds: ["weekly_report", "new_agent"], score_threshold: "50" });
    await runAt(Date.now());
    const [mail] = await mailTo(ownerEmail);
    const unsubscribe = linkAfter(mail.text, "Unsubscribe from");
    expect(JSON.parse(mail.headers ?? "{}")).toEqual({
      "List-Unsubscribe": `<${unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    const path = new URL(unsubscribe).pathname;

    // Following the link (a person, or a mail scanner) changes nothing.
    const stranger = new FormClient();
    const asked = await stranger.get(path);
    expect(asked.status).toBe(200);
    expect(asked.html).toContain("Unsubscribe from &quot;Weekly report&quot;");
    const db = database(env.DB);
    const userId = await ownerId(workspaceId);
    expect((await readPreferences(db, workspaceId, userId)).weekly_report).toBe(true);

    // RFC 8058 one-click: a POST with that body, no cookie, no CSRF token.
    const oneClick = await stranger.requestRaw(path, {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(oneClick.status).toBe(200);
    expect(oneClick.html).toContain("You will no longer receive &quot;Weekly report&quot; mail");
    expect(await readPreferences(db, workspaceId, userId)).toMatchObject({ weekly_report: false, new_agent: true });
  });

  it("refuses a tampered or cut unsubscribe link with a clear page, never a 500", async () => {
    const { owner, ownerEmail, workspaceId } = await workspaceWithMember();
    await choose(owner, { kinds: "weekly_report", score_threshold: "50" });
    await runAt(Date.now());
    const path = new URL(linkAfter((await mailTo(ownerEmail))[0].text, "Unsubscribe from")).pathname;
    const [v, subject, mac] = path.slice("/app/unsubscribe/".length).split(".");
    const otherUser = btoa(`${workspaceId} usr_someone_else weekly_report`).replace(/=+$/, "");
    const client = new FormClient();
    for (const bad of [`${v}.${otherUser}.${mac}`, `${v}.${subject}.${mac.slice(0, -3)}`, "nonsense"]) {
      const got = await client.get(`/app/unsubscribe/${bad}`);
      expect(got.status, bad).toBe(400);
      expect(got.html).toContain("This unsubscribe link is not valid");
      const posted = await client.requestRaw(`/app/unsubscribe/${bad}`, { method: "POST", body: "" });
      expect(posted.status, bad).toBe(400);
    }
    expect((await readPreferences(database(env.DB), workspaceId, await ownerId(workspaceId))).weekly_report).toBe(true);
  });

  // Issue 41, lower findings: local runs signed with a key written in the source, so
  // anyone reaching a local instance could sign any member off any kind.
  it("refuses a link signed with the key that was built into local runs", async () => {
    const { owner, workspaceId } = await workspaceWithMember();
    await choose(owner, { kinds: "weekly_report", score_threshold: "50" });
    const userId = await ownerId(workspaceId);
    const forged = await signUnsubscribe("agent-readiness/notifications/unsubscribe/built-in", {
      workspaceId,
      userId,
      kind: "weekly_report",
    });
    const posted = await new FormClient().requestRaw(`/app/unsubscribe/${forged}`, {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(posted.status).toBe(400);
    expect((await readPreferences(database(env.DB), workspaceId, userId)).weekly_report).toBe(true);
  });

  it("alerts an opted-in member when an installation stops receiving, with a link to the site, and records the webhook", async () => {
    const { owner, ownerEmail, member, memberEmail, workspaceId } = await workspaceWithMember();
    await owner.get("/app/sites");
    const domain = "stopped-notify.example";
    expect((await owner.post("/app/sites", { domain, name: "" })).status).toBe(303);
    await choose(owner, { kinds: "install_stopped", score_threshold: "60", alert_webhooks: "on" });
    // The member opted into something else only.
    await choose(member, { kinds: "new_agent" });
    const monitor = await createMonitorOf(workspaceId, {
      domain,
      webhookUrl: "https://hooks.notify-receiver.com/notify",
    });
    if (!monitor.ok) throw new Error(`monitor refused: ${monitor.message}`);
    const now = Date.now();
    const lastAccept = now - 25 * HOUR;
    await env.DB.prepare("UPDATE sites SET last_accept_at = ?1 WHERE domain = ?2 AND workspace_id = ?3")
      .bind(lastAccept, domain, workspaceId)
      .run();

    await runAt(now);
    await runAt(now + HOUR);
    const alerts = (await mailTo(ownerEmail)).filter((m) => m.subject.includes("stopped receiving"));
    expect(alerts.map((m) => m.subject)).toEqual([`Agent Readiness: ${domain} stopped receiving events`]);
    expect(linkAfter(alerts[0].text, "See it in the app")).toBe(`${BASE}/app/w/${workspaceId}/sites/${domain}`);
    expect(await mailTo(memberEmail)).toEqual([]);

    const { results } = await env.DB.prepare(
      "SELECT d.event, d.payload, d.status FROM webhook_deliveries d JOIN monitors m ON m.id = d.monitor_id WHERE m.workspace_id = ?1",
    )
      .bind(workspaceId)
      .all<{ event: string; payload: string; status: string }>();
    expect(results.map((r) => [r.event, r.status])).toEqual([["alert.install_stopped", "pending"]]);
    expect(JSON.parse(results[0].payload)).toMatchObject({
      event: "alert.install_stopped",
      domain,
      lastAcceptedAt: new Date(lastAccept).toISOString(),
      silentHours: 25,
    });
  });

  it("alerts once when a monitor's rescan drops the score below the workspace's threshold", async () => {
    const { owner, ownerEmail, workspaceId } = await workspaceWithMember();
    const domain = "score-notify.example.com";
    await choose(owner, { kinds: "score_below", score_threshold: "60" });
    const monitor = await createMonitorOf(workspaceId, {
      domain,
      webhookUrl: "https://hooks.notify-receiver.com/score",
    });
    if (!monitor.ok) throw new Error(`monitor refused: ${monitor.message}`);
    const now = Date.now();
    // The rescan path as the scan Worker runs it: baseline 72, then 72 -> 65 (still above), then 65 -> 41.
    await recordRescanScore(env.DB, domain, 72, now - 3 * HOUR);
    await recordRescanScore(env.DB, domain, 65, now - 2 * HOUR);
    await recordRescanScore(env.DB, domain, 41, now - HOUR);
    await runAt(now);
    await runAt(now + HOUR);
    const mail = (await mailTo(ownerEmail)).filter((m) => m.subject.includes("scored"));
    expect(mail.map((m) => m.subject)).toEqual([`Agent Readiness: ${domain} scored 41, below 60`]);
    expect(mail[0].text).toContain("dropped from 65 to 41");
    expect(linkAfter(mail[0].text, "See it in the app")).toBe(`${BASE}/app/w/${workspaceId}/monitors`);
  });

  it("keeps the threshold for owners and admins: a member's form cannot change it, a bad value is refused", async () => {
    const { owner, member, workspaceId } = await workspaceWithMember();
    const refused = await choose(owner, { score_threshold: "150" });
    expect(refused.postStatus).toBe(400);
    expect(refused.html).toContain("The score threshold is a whole number from 0 to 100.");
    expect((await choose(owner, { score_threshold: "70" })).postStatus).toBe(303);
    const page = await member.get(NOTIFICATIONS);
    expect(page.html).toMatch(/id="score-threshold"[^>]*disabled/);
    expect((await choose(member, { score_threshold: "10", alert_webhooks: "on" })).postStatus).toBe(303);
    const row = await env.DB.prepare(
      "SELECT score_threshold, alert_webhooks FROM workspace_alert_settings WHERE workspace_id = ?1",
    )
      .bind(workspaceId)
      .first();
    expect(row).toEqual({ score_threshold: 70, alert_webhooks: 0 });
  });
});

async function ownerId(workspaceId: string): Promise<string> {
  const row = await env.DB.prepare("SELECT user_id FROM memberships WHERE workspace_id = ?1 AND role = 'owner'")
    .bind(workspaceId)
    .first<{ user_id: string }>();
  return row?.user_id as string;
}

async function workspaceName(client: FormClient): Promise<string | null> {
  const row = await env.DB.prepare("SELECT name FROM workspaces WHERE id = ?1")
    .bind(client.workspace)
    .first<{ name: string }>();
  return row?.name ?? null;
}
