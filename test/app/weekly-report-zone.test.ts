import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { notifyJob } from "../../workers/app/jobs";
import { keptMail } from "../helpers/local-mailbox";
import { insertSession } from "../v1/traffic-fixtures";
import { FormClient, uniqueEmail } from "./form-client";

// The weekly report's week in the workspace's zone (docs/app.md "Notifications"): the
// cron's run after the local Monday 00:00 sends the local Monday-to-Monday week, and
// the mail names the zone. Tokyo (UTC+9, no DST) starts its week 9 hours before UTC's.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const TOKYO = 9 * HOUR;

/** The last Monday 00:00 in Tokyo at or before `ms`, worked out on Tokyo's wall clock. */
function tokyoMondayAtOrBefore(ms: number): number {
  const wall = ms + TOKYO;
  const midnight = wall - (wall % DAY);
  const sinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  return midnight - sinceMonday * DAY - TOKYO;
}

describe("weekly report in the workspace's zone", () => {
  it("counts Tokyo's Monday-to-Monday week against the one before and says Asia/Tokyo", async () => {
    const owner = new FormClient();
    const email = uniqueEmail("weekly-tokyo");
    await owner.signUp(email);
    await owner.get("/app/sites");
    expect((await owner.post("/app/sites", { domain: "weekly-tokyo.example", name: "" })).status).toBe(303);
    await owner.get("/app/settings/workspace");
    expect((await owner.post("/app/settings/workspace/timezone", { timezone: "Asia/Tokyo" })).status).toBe(303);
    await owner.get("/app/settings/notifications");
    await owner.submit("/app/settings/notifications", { kinds: "weekly_report", score_threshold: "50" });
    const site = await env.DB.prepare("SELECT id FROM sites WHERE domain = 'weekly-tokyo.example'").first<{
      id: string;
    }>();
    const workspaceId = owner.workspace as string;

    const now = Date.now();
    const end = tokyoMondayAtOrBefore(now);
    const start = end - 7 * DAY;
    // Turned on before that week began: the regular Monday-to-Monday week (the first
    // report after turning it on is weekly-report-first-week.test.ts).
    await env.DB.prepare(
      "UPDATE notification_preferences SET updated_at = ? WHERE workspace_id = ? AND kind = 'weekly_report'",
    )
      .bind(start - DAY, owner.workspace as string)
      .run();
    //   session           Tokyo                  UTC week           Tokyo week
    //   start - 30 min    Sunday 23:30           (Sunday 14:30Z)    the week before
    //   start + 30 min    Monday 00:30           the week before    this week
    //   end - 30 min      Sunday 23:30           (Sunday 14:30Z)    this week
    // In UTC the middle one would fall on the Sunday before UTC's Monday: Tokyo's week has 2, the week before 1.
    for (const [at, platform] of [
      [start - 30 * 60_000, "chatgpt"],
      [start + 30 * 60_000, "chatgpt"],
      [end - 30 * 60_000, "claude"],
    ] as const)
      await insertSession(workspaceId, site?.id ?? "", { startedAt: at, platform });

    await notifyJob({ ...env, PUBLIC_BASE_URL: "https://notify.test" }, now);
    const mail = (await keptMail(500)).filter((m) => m.toAddress === email);
    expect(mail).toHaveLength(1);
    const day = (ms: number) => new Date(ms + TOKYO).toISOString().slice(0, 10);
    expect(mail[0].text).toContain(
      `AI-agent traffic, week of ${day(start)} to ${day(end - DAY)} (Asia/Tokyo), against the week before.`,
    );
    expect(mail[0].text).toContain("AI-agent sessions: 2 (+1; week before: 1)");
  });
});
