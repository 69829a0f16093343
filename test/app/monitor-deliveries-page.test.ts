import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { FormClient, uniqueEmail } from "./form-client";

// A monitor's deliveries page (workers/app/dashboard/monitor-deliveries.tsx, docs/webhooks.md
// "Deliveries page"): each delivery's state in words, the payload exactly as sent, every
// attempt's answer with the start of the receiver's body (escaped, as text), and the
// section marked for refresh.js while a delivery waits, unmarked once it settled. The
// deliveries are written into D1 as the delivery consumer records them, so the page is
// read against known rows; Chromium watches the page update itself in
// test/e2e/app-dashboard-browser.test.ts.

const MINUTE = 60_000;

async function ownerWithMonitor() {
  const owner = new FormClient();
  await owner.signUp(uniqueEmail("deliveries-owner"));
  await owner.get("/app/monitors");
  const created = await owner.submit("/app/monitors", {
    domain: "deliveries.example",
    webhook_url: "https://hooks.example.com/deliveries",
  });
  expect(created.postStatus).toBe(303);
  const id = /data-monitor="([^"]+)"/.exec(created.html)?.[1] as string;
  expect(id).toBeTruthy();
  return { owner, id };
}

/** The `<section id="deliveries" …>` opening tag's attribute `name`. */
function sectionAttr(html: string, name: string): string | undefined {
  const tag = /<section id="deliveries"[^>]*>/.exec(html)?.[0] ?? "";
  return new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1];
}

/** One delivery's `<li data-delivery=…>` element, to its closing tag. */
function deliveryHtml(html: string, deliveryId: string): string {
  const start = html.indexOf(`data-delivery="${deliveryId}"`);
  expect(start, deliveryId).toBeGreaterThan(-1);
  const end = html.indexOf("</ul>", start);
  return html.slice(start, end === -1 ? undefined : end);
}

describe("a monitor's deliveries page", () => {
  it("shows a waiting delivery's payload and each answer, marked for refresh, then settled without the mark", async () => {
    const { owner, id } = await ownerWithMonitor();
    const empty = await owner.get(`/app/monitors/${id}`);
    expect(empty.status).toBe(200);
    expect(sectionAttr(empty.html, "data-pending")).toBe("false");

    // A score.changed whose first attempt got a 503 with an HTML body; the second is due
    // in 5 minutes (the retry schedule is the consumer's, not under test here).
    const createdAt = Date.UTC(2026, 10, 28, 9, 15, 30);
    const nextAt = createdAt + 5 * MINUTE;
    const deliveryId = `msg_pagetest${Date.now()}`;
    const payload = JSON.stringify({
      event: "score.changed",
      domain: "deliveries.example",
      oldScore: 60,
      newScore: 70,
      scanId: "scan_pagetest",
    });
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO webhook_deliveries (id, monitor_id, event, payload, status, attempt_count, created_at, next_attempt_at) VALUES (?1, ?2, 'score.changed', ?3, 'pending', 1, ?4, ?5)",
      ).bind(deliveryId, id, payload, createdAt, nextAt),
      env.DB.prepare(
        "INSERT INTO webhook_attempts (delivery_id, attempt, attempted_at, status_code, duration_ms, error, response_excerpt) VALUES (?1, 1, ?2, 503, 87, 'http_status: 503', ?3)",
      ).bind(deliveryId, createdAt + 2_000, "<b>busy</b> & back soon"),
    ]);

    const waiting = await owner.get(`/app/monitors/${id}`);
    expect(waiting.status).toBe(200);
    // Marked for refresh.js: pending, every 3 s, and the script is on the page.
    expect(sectionAttr(waiting.html, "data-pending")).toBe("true");
    expect(sectionAttr(waiting.html, "data-refresh-ms")).toBe("3000");
    expect(sectionAttr(waiting.html, "data-summary")).toBe("0 delivered, 1 waiting, 0 failed.");
    expect(waiting.html).toMatch(/<script[^>]+src="[^"]*\/app\/assets\/refresh\.js/);
    const item = deliveryHtml(waiting.html, deliveryId);
    expect(item).toContain('data-status="pending"');
    // Its state in words, in the one time format (the workspace's zone is UTC here).
    expect(item).toContain(
      'Waiting: next attempt at <time datetime="2026-11-28T09:20:30.000Z">2026-11-28 09:20 UTC</time>',
    );
    expect(item).toContain("1 attempt, the last: HTTP 503.");
    expect(item).toContain("Score 60 → 70");
    // The payload as sent, indented for reading; the receiver's body as text, escaped.
    const shown = /data-raw="payload"><code>([^<]*)<\/code>/.exec(item)?.[1] ?? "";
    expect(JSON.parse(shown.replaceAll("&quot;", '"'))).toEqual(JSON.parse(payload));
    expect(item).toMatch(
      /Attempt 1, <time[^>]*>2026-11-28 09:15:32 UTC<\/time>: <strong>HTTP 503<\/strong> after 87 ms/,
    );
    expect(item).toContain('data-raw="response"><code>&lt;b&gt;busy&lt;/b&gt; &amp; back soon</code>');
    expect(item).not.toContain("<b>busy</b>");

    // The second attempt is answered 200 with an empty body: delivered, the page unmarked.
    await env.DB.batch([
      env.DB.prepare(
        "UPDATE webhook_deliveries SET status = 'succeeded', attempt_count = 2, next_attempt_at = NULL, settled_at = ?2 WHERE id = ?1",
      ).bind(deliveryId, nextAt + 1_000),
      env.DB.prepare(
        "INSERT INTO webhook_attempts (delivery_id, attempt, attempted_at, status_code, duration_ms, error, response_excerpt) VALUES (?1, 2, ?2, 200, 40, NULL, '')",
      ).bind(deliveryId, nextAt),
    ]);
    const settled = await owner.get(`/app/monitors/${id}`);
    expect(sectionAttr(settled.html, "data-pending")).toBe("false");
    expect(sectionAttr(settled.html, "data-summary")).toBe("1 delivered, 0 waiting, 0 failed.");
    const done = deliveryHtml(settled.html, deliveryId);
    expect(done).toContain('data-status="succeeded"');
    expect(done).toContain("Delivered. 2 attempts, the last: HTTP 200.");
    expect(done).toContain("(an empty answer)");
  });

  it("is another workspace's 404, deliveries and all", async () => {
    const { id } = await ownerWithMonitor();
    const stranger = new FormClient();
    await stranger.signUp(uniqueEmail("deliveries-stranger"));
    expect((await stranger.get(`/app/monitors/${id}`)).status).toBe(404);
  });
});
