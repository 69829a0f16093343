import { describe, expect, it } from "vitest";
import {
  detectInstallStopped,
  detectNewAgents,
  detectRobotsViolations,
  detectScoreBelow,
  INSTALL_SILENCE_MS,
} from "../../shared/notifications/detect-alerts";
import { alertMail, unsubscribeHeaders } from "../../shared/notifications/notification-mail";
import { parseThreshold } from "../../shared/notifications/score-threshold";
import { sentKey } from "../../shared/notifications/sent-log";
import {
  lastCompleteWeek,
  signedChange,
  summarizeSiteWeek,
  weeklyReportLines,
} from "../../shared/notifications/weekly-report";

const site = { id: "site_1", domain: "shop.example" };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// Thursday 2026-11-26 10:30 UTC.
const NOW = Date.UTC(2026, 10, 26, 10, 30);

describe("new AI agent", () => {
  const window = { start: NOW - DAY, end: NOW };

  it("alerts on a platform with sessions now and none in the site's history", () => {
    const alerts = detectNewAgents(
      site,
      [
        { platform: "chatgpt", sessions: 4 },
        { platform: "perplexity", sessions: 2 },
      ],
      ["chatgpt", "claude"],
      window,
      NOW,
    );
    expect(alerts.map((a) => a.key)).toEqual(["new_agent:site_1:perplexity"]);
    expect(alerts[0].payload).toMatchObject({ event: "alert.new_agent", platform: "perplexity", sessions: 2 });
  });

  it("says nothing when every platform was seen before, or had no session", () => {
    expect(detectNewAgents(site, [{ platform: "chatgpt", sessions: 3 }], ["chatgpt"], window, NOW)).toEqual([]);
    expect(detectNewAgents(site, [{ platform: "gemini", sessions: 0 }], [], window, NOW)).toEqual([]);
  });

  it("keys the alert by site and platform only, so a later run finds the same event", () => {
    const a = detectNewAgents(site, [{ platform: "gemini", sessions: 1 }], [], window, NOW)[0];
    const b = detectNewAgents(
      site,
      [{ platform: "gemini", sessions: 5 }],
      [],
      { start: NOW, end: NOW + HOUR },
      NOW + HOUR,
    )[0];
    expect(a.key).toBe(b.key);
  });
});

describe("installation stopped receiving", () => {
  it("is quiet until 24 h without an accepted event, then alerts once per silence", () => {
    const last = NOW - INSTALL_SILENCE_MS;
    expect(INSTALL_SILENCE_MS).toBe(24 * HOUR);
    expect(detectInstallStopped({ ...site, lastAcceptAt: last }, NOW)).toBeNull();
    const alert = detectInstallStopped({ ...site, lastAcceptAt: last }, NOW + 1);
    expect(alert?.key).toBe(`install_stopped:site_1:${last}`);
    expect(alert?.payload).toMatchObject({ silentHours: 24, lastAcceptedAt: new Date(last).toISOString() });
    // 49 h 30 min of silence: 49 whole hours.
    expect(detectInstallStopped({ ...site, lastAcceptAt: NOW - 49.5 * HOUR }, NOW)?.payload).toMatchObject({
      silentHours: 49,
    });
  });

  it("never alerts for a site that never received anything (awaiting its install)", () => {
    expect(detectInstallStopped({ ...site, lastAcceptAt: null }, NOW)).toBeNull();
  });
});

describe("score below the threshold", () => {
  const change = {
    domain: "shop.example",
    oldScore: 62,
    newScore: 48,
    scanId: "scan_1",
    timestamp: "2026-11-26T10:00:00.000Z",
  };

  it("alerts when the score crosses from at or above the threshold to below it", () => {
    expect(detectScoreBelow("ws_1", change, 50)?.payload).toMatchObject({
      event: "alert.score_below",
      threshold: 50,
      oldScore: 62,
      newScore: 48,
    });
    expect(detectScoreBelow("ws_1", { ...change, oldScore: 50, newScore: 49 }, 50)).not.toBeNull();
  });

  it("does not alert for a score that stays above, stays below, or rises", () => {
    expect(detectScoreBelow("ws_1", { ...change, newScore: 50 }, 50)).toBeNull();
    expect(detectScoreBelow("ws_1", { ...change, oldScore: 45, newScore: 40 }, 50)).toBeNull();
    expect(detectScoreBelow("ws_1", { ...change, oldScore: 40, newScore: 70 }, 50)).toBeNull();
  });
});

describe("robots.txt violations", () => {
  const dayStart = Date.UTC(2026, 10, 25);

  it("alerts with the agents that made disallowed requests on the day", () => {
    const alert = detectRobotsViolations(
      site,
      {
        totals: { disallowed: 5 },
        agents: [
          { agent: "gptbot", platform: "chatgpt", disallowed: 5 },
          { agent: "claudebot", platform: "claude", disallowed: 0 },
        ],
      },
      dayStart,
      NOW,
    );
    expect(alert?.key).toBe("robots_violations:site_1:2026-11-25");
    expect(alert?.payload).toMatchObject({
      day: "2026-11-25",
      disallowed: 5,
      agents: [{ agent: "gptbot", platform: "chatgpt", disallowed: 5 }],
    });
  });

  it("is quiet on a day without disallowed requests", () => {
    expect(detectRobotsViolations(site, { totals: { disallowed: 0 }, agents: [] }, dayStart, NOW)).toBeNull();
  });
});

describe("weekly report", () => {
  it("covers the last complete Monday-to-Monday UTC week", () => {
    // Thursday 26 Nov: the week of Monday 16 Nov to Monday 23 Nov.
    expect(lastCompleteWeek(NOW)).toEqual({
      start: Date.UTC(2026, 10, 16),
      end: Date.UTC(2026, 10, 23),
      timeZone: "UTC",
    });
    // On Monday 23 Nov at 00:00 that week has just ended.
    expect(lastCompleteWeek(Date.UTC(2026, 10, 23))).toEqual({
      start: Date.UTC(2026, 10, 16),
      end: Date.UTC(2026, 10, 23),
      timeZone: "UTC",
    });
    // A Sunday still reports the week before.
    expect(lastCompleteWeek(Date.UTC(2026, 10, 22, 23, 59))).toEqual({
      start: Date.UTC(2026, 10, 9),
      end: Date.UTC(2026, 10, 16),
      timeZone: "UTC",
    });
  });

  it("summarises a site's reports: sessions by platform and AI-link visits against the week before, verified share, score", () => {
    const summary = summarizeSiteWeek({
      domain: "shop.example",
      overview: {
        total_sessions: 12,
        by_platform: [
          { platform: "chatgpt", sessions: 9, share_pct: 75 },
          { platform: "perplexity", sessions: 3, share_pct: 25 },
        ],
        previous: { total_sessions: 10, by_platform: [{ platform: "chatgpt", sessions: 10, share_pct: 100 }] },
      },
      // Most sessions first, as the sources report orders them; other sources are not links.
      sources: {
        by_source: [
          { source: "direct", sub_source: null, sessions: 40, share_pct: 40 },
          { source: "ai_assistant_link", sub_source: "chatgpt", sessions: 5, share_pct: 5 },
          { source: "ai_assistant_session", sub_source: "chatgpt", sessions: 9, share_pct: 9 },
          { source: "ai_assistant_link", sub_source: "perplexity", sessions: 2, share_pct: 2 },
          { source: "ai_assistant_link", sub_source: "gemini", sessions: 1, share_pct: 1 },
          { source: "ai_assistant_link", sub_source: "copilot", sessions: 1, share_pct: 1 },
        ],
        previous: {
          by_source: [
            { source: "ai_assistant_link", sub_source: "chatgpt", sessions: 7, share_pct: 70 },
            { source: "referral", sub_source: "news.example", sessions: 3, share_pct: 30 },
          ],
        },
      },
      verification: {
        total_sessions: 12,
        verified_sessions: 4,
        previous: { total_sessions: 10, verified_sessions: 5 },
      },
      score: 71,
    });
    // 4 of 12 = 33.3 %, 5 of 10 = 50 %.
    expect(summary).toEqual({
      domain: "shop.example",
      sessions: 12,
      previousSessions: 10,
      platforms: [
        { platform: "chatgpt", sessions: 9, previousSessions: 10 },
        { platform: "perplexity", sessions: 3, previousSessions: 0 },
      ],
      aiLinkVisits: 9,
      previousAiLinkVisits: 7,
      aiLinkAssistants: [
        { assistant: "ChatGPT", sessions: 5 },
        { assistant: "Perplexity", sessions: 2 },
        { assistant: "Gemini", sessions: 1 },
      ],
      verifiedPct: 33.3,
      previousVerifiedPct: 50,
      score: 71,
    });
    const lines = weeklyReportLines(lastCompleteWeek(NOW), [summary]);
    expect(lines[0]).toContain("week of 2026-11-16 to 2026-11-22");
    expect(lines).toContain("  AI-agent sessions: 12 (+2; week before: 10)");
    expect(lines).toContain("    ChatGPT: 9 (-1)");
    // The metrics' names are the catalogue's (docs/metrics.md).
    expect(lines).toContain("  Visits referred by an AI assistant: 9 (+2); ChatGPT 5, Perplexity 2, Gemini 1");
    expect(lines).toContain("  Verified share: 33.3% (week before: 50%)");
    expect(lines).toContain("  Scan score: 71/100");
  });

  it("writes a change with its sign", () => {
    expect([signedChange(5, 3), signedChange(3, 5), signedChange(4, 4)]).toEqual(["+2", "-2", "±0"]);
  });
});

describe("notification mail", () => {
  const alert = detectInstallStopped({ ...site, lastAcceptAt: NOW - 30 * HOUR }, NOW);
  const links = {
    page: "https://ar.example/app/w/ws_1/sites/shop.example",
    settings: "https://ar.example/app/w/ws_1/settings/notifications",
    unsubscribe: "https://ar.example/app/unsubscribe/u1.x.y",
  };

  it("links into the app and ends with the settings and a one-kind unsubscribe link, also as RFC 8058 headers", () => {
    if (!alert) throw new Error("expected an alert");
    const mail = alertMail("a@example.com", alert, { name: "Shop", timeZone: "Europe/Berlin" }, links);
    expect(mail.subject).toBe("Agent Readiness: shop.example stopped receiving events");
    // The last event's time in the workspace's zone, in the one time format, never RFC 3339.
    // NOW − 30 h is 2026-11-25 04:30 UTC, 05:30 in Berlin's winter time (CET, +01:00).
    expect(mail.text).toContain("(the last at 2026-11-25 05:30 CET)");
    expect(mail.text).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}/);
    expect(mail.text).toContain(`See it in the app: ${links.page}`);
    expect(mail.text).toContain(`Notification settings: ${links.settings}`);
    expect(mail.text).toContain(`Unsubscribe from "Installation stopped receiving": ${links.unsubscribe}`);
    expect(mail.headers).toEqual({
      "List-Unsubscribe": `<${links.unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });

  it("leaves the List-Unsubscribe headers out for an http link (Email Service accepts https only)", () => {
    expect(unsubscribeHeaders("http://127.0.0.1:8787/app/unsubscribe/t")).toEqual({});
  });
});

describe("sent log keys and the threshold field", () => {
  it("gives each recipient of one event its own key", () => {
    expect(sentKey("new_agent:site_1:claude", { userId: "u1" })).toBe("new_agent:site_1:claude|user:u1");
    expect(sentKey("new_agent:site_1:claude", { monitorId: "mon_1" })).toBe("new_agent:site_1:claude|monitor:mon_1");
  });

  it("accepts a whole number from 0 to 100 and refuses anything else", () => {
    expect(parseThreshold(" 0 ")).toEqual({ ok: true, value: 0 });
    expect(parseThreshold("100")).toEqual({ ok: true, value: 100 });
    for (const bad of ["", "101", "-1", "50.5", "5e1", "abc"]) expect(parseThreshold(bad).ok, bad).toBe(false);
  });
});
