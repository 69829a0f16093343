import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { notifyJob } from "../../workers/app/jobs";
import { keptMail } from "../helpers/local-mailbox";
import { insertSession } from "../v1/traffic-fixtures";
import { FormClient, uniqueEmail } from "./form-client";

// The first weekly report after turning it on (issue 40, docs/reports.md "The weekly
// mail"): whatever the weekday, it covers the 7 complete days before the day it was
// turned on, names them, and gives for each site the traffic page of exactly those days,
// whose numbers are the mail's. Before, turned on on a Saturday, it covered the
// Monday-to-Monday week that ended five days before: all zeros for a new shop.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const BASE = "https://notify.test";
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe("the first weekly report after turning it on", () => {
  it("covers the 7 complete days before that day, names them, and matches the traffic page for those days", async () => {
    const owner = new FormClient();
    const email = uniqueEmail("weekly-first");
    await owner.signUp(email);
    await owner.get("/app/sites");
    expect((await owner.post("/app/sites", { domain: "weekly-first.example", name: "" })).status).toBe(303);
    const workspaceId = owner.workspace as string;
    const site = await env.DB.prepare("SELECT id FROM sites WHERE domain = 'weekly-first.example'").first<{
      id: string;
    }>();
    await owner.get("/app/settings/notifications");
    await owner.submit("/app/settings/notifications", { kinds: "weekly_report", score_threshold: "50" });

    const now = Date.now();
    const today = Math.floor(now / DAY) * DAY;
    // The workspace is in UTC: the days are today − 7 to yesterday, 00:00 to 00:00.
    const start = today - 7 * DAY;
    //   started                 in the 7 days?
    //   start + 1 h             yes (ChatGPT)
    //   start + 3 d             yes (ChatGPT)
    //   today − 1 min           yes (Claude, yesterday 23:59)
    //   start − 1 min           no: the day before, counted as "the week before" (ChatGPT)
    //   today + 1 min           no: today is not complete (ChatGPT; skipped in the first minute of the day)
    // By hand: 3 sessions (ChatGPT 2, Claude 1), the week before 1.
    const sessions: Array<[number, string]> = [
      [start + HOUR, "chatgpt"],
      [start + 3 * DAY, "chatgpt"],
      [today - 60_000, "claude"],
      [start - 60_000, "chatgpt"],
    ];
    if (now > today + 60_000) sessions.push([today + 60_000, "chatgpt"]);
    for (const [at, platform] of sessions)
      await insertSession(workspaceId, site?.id ?? "", { startedAt: at, platform });

    await notifyJob({ ...env, PUBLIC_BASE_URL: BASE }, now);
    await notifyJob({ ...env, PUBLIC_BASE_URL: BASE }, now + 60_000);
    const mail = (await keptMail(500)).filter((m) => m.toAddress === email);
    expect(mail).toHaveLength(1);
    const text = mail[0].text;
    expect(text).toContain(
      `AI-agent traffic, week of ${day(start)} to ${day(today - DAY)} (UTC), against the week before.`,
    );
    expect(text).toContain("AI-agent sessions: 3 (+2; week before: 1)");
    expect(text).toContain("ChatGPT: 2 (+1)");
    expect(text).toContain("Claude: 1 (+1)");

    // The mail's link is the traffic page of exactly those days; the page says 3 too.
    const link = /These days in the app: (\S+)/.exec(text)?.[1] ?? "";
    expect(link).toBe(
      `${BASE}/app/w/${workspaceId}/sites/weekly-first.example/traffic?from=${day(start)}&to=${day(today - DAY)}`,
    );
    const page = await owner.get(new URL(link).pathname + new URL(link).search);
    expect(page.status).toBe(200);
    expect(page.html).toMatch(/data-metric="total_sessions"[^>]*>3</);
  });
});
