import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { MAX_UPLOAD_BYTES } from "../../shared/logs/import-log-upload";
import { utcDay } from "../../shared/salt/salt-schedule";
import { inShard } from "../helpers/shard";
import { FormClient, uniqueEmail } from "./form-client";

// Import a log file on the Log drains page: the readers of `npm run import-logs`, the
// drain's acceptance path, the site's shard; the per-line counts on the result page once.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const GPTBOT = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)";
const CLAUDEBOT =
  "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)";
const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** `$time_local` of nginx's combined format, in UTC. */
function logTime(ms: number): string {
  const d = new Date(ms);
  const month = d.toLocaleString("en-US", { month: "short", timeZone: "UTC" });
  const p = (n: number) => String(n).padStart(2, "0");
  return `${p(d.getUTCDate())}/${month}/${d.getUTCFullYear()}:${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} +0000`;
}

function combined(ip: string, at: number, request: string, status: number, ua: string): string {
  return `${ip} - - [${logTime(at)}] "${request}" ${status} 512 "-" "${ua}"`;
}

/** A tile's value on a report page (`data-metric`). */
function metric(html: string, name: string): string | undefined {
  return new RegExp(`data-metric="${name}">([^<]*)<`).exec(html)?.[1];
}

async function upload(client: FormClient, path: string, file: Blob, name: string, format = "auto") {
  await client.get("/app/sites/upload.example/drains");
  const form = new FormData();
  form.append("_csrf", client.csrf());
  form.append("format", format);
  form.append("log", file, name);
  const posted = await client.request(path, { method: "POST", body: form });
  if (posted.status !== 303 || !posted.location) return { ...posted, postStatus: posted.status };
  return { ...(await client.get(posted.location)), location: posted.location, postStatus: 303 };
}

async function gzip(text: string): Promise<Blob> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Blob([await new Response(stream).arrayBuffer()]);
}

/**
 * Yesterday's salt beside today's, as the keeper holds them after a midnight: a line of
 * the last hours then has its day's salt whatever the time of day the test runs at.
 */
async function keepTwoDaysOfSalts(now: number) {
  const ns = env.SALT_KEEPER as DurableObjectNamespace;
  await runInDurableObject(ns.get(ns.idFromName("global")), async (_instance, state) => {
    state.storage.kv.put("salts", [
      { day: utcDay(now - 24 * HOUR), salt: "c2FsdC15ZXN0ZXJkYXk=", createdAt: now - 24 * HOUR },
      { day: utcDay(now), salt: "c2FsdC10b2RheQ==", createdAt: now },
    ]);
  });
}

/** A signed-up owner with the site upload.example, and the keeper holding two days of salts from `now`. */
async function uploaderWithSite(label: string) {
  const owner = new FormClient();
  await owner.signUp(uniqueEmail(label));
  await owner.get("/app/sites");
  expect((await owner.post("/app/sites", { domain: "upload.example", name: "Shop" })).status).toBe(303);
  const now = Date.now();
  await keepTwoDaysOfSalts(now);
  return { owner, now };
}

describe("Log file upload", () => {
  it("imports a combined log with per-line counts shown once, and stores each line once when the file comes again gzipped", async () => {
    const owner = new FormClient();
    await owner.signUp(uniqueEmail("upload"));
    await owner.get("/app/sites");
    expect((await owner.post("/app/sites", { domain: "upload.example", name: "Shop" })).status).toBe(303);
    const site = await env.DB.prepare("SELECT id FROM sites WHERE domain = 'upload.example'").first<{ id: string }>();

    const now = Date.now();
    await keepTwoDaysOfSalts(now);
    const base = now - 2 * HOUR;
    const text = [
      combined("20.171.207.2", base, "GET /products/mug HTTP/1.1", 200, GPTBOT), // agent page view: stored
      combined("203.0.113.9", base + 1000, "GET / HTTP/1.1", 200, CHROME), // human page view, no snippet: stored
      combined("203.0.113.9", base + 2000, "GET /assets/app.css HTTP/1.1", 200, CHROME), // asset: skipped
      "this is not a log line", // unreadable: rejected
      combined("203.0.113.9", base - 100 * DAY, "GET /old HTTP/1.1", 200, CHROME), // over 90 days old: rejected
      "",
      combined("20.171.207.2", base + 3000, "GET /gone HTTP/1.1", 404, GPTBOT), // agent's 404: stored
      "",
    ].join("\n");

    const first = await upload(owner, "/app/sites/upload.example/drains/upload", new Blob([text]), "access.log");
    expect(first.postStatus).toBe(303);
    expect(first.status).toBe(200);
    expect(first.html).toContain("Log file imported");
    // 6 non-blank lines: 3 stored (2 page views, 2 agent requests: the mug is both), 1 skipped, 2 rejected.
    expect(first.html).toContain("access.log: 6 lines read as combined.");
    expect(first.html).toContain("3 stored: 2 page views, 2 AI agents&#39; requests.");
    expect(first.html).toContain("1 skipped, nothing to keep: 1 × a human");
    expect(first.html).toContain("2 rejected:");
    expect(first.html).toContain("Line 4: line: not in the combined log format.");
    expect(first.html).toContain("Line 5: older than the 90 days an imported log line can reach back.");
    // Words for a person: neither the API's reason codes nor a repository path.
    expect(first.html).not.toContain("(too_old)");
    expect(first.html).not.toContain("docs/");

    // Reloading the result page imports nothing and shows no counts again.
    const reload = await owner.get(first.location as string);
    expect(reload.html).not.toContain("Log file imported");

    const again = await upload(owner, "/app/sites/upload.example/drains/upload", await gzip(text), "access.log.gz");
    expect(again.postStatus).toBe(303);
    expect(again.html).toContain("3 stored: 2 page views, 2 AI agents&#39; requests; 3 of them were already stored");

    const stored = await inShard(env.ANALYTICS_SHARD, site?.id ?? "", async (db) => ({
      requests: (
        await db.prepare("SELECT count(*) AS n FROM agent_requests WHERE via = 'upload'").first<{ n: number }>()
      )?.n,
      events: (await db.prepare("SELECT count(*) AS n FROM ingest_events").first<{ n: number }>())?.n,
    }));
    expect(stored).toEqual({ requests: 2, events: 2 });
  });

  it("says a one-line log's counts in the singular", async () => {
    const { owner, now } = await uploaderWithSite("upload-one");
    const text = combined("20.171.207.2", now - 2 * HOUR, "GET /products/mug HTTP/1.1", 200, GPTBOT);
    const one = await upload(owner, "/app/sites/upload.example/drains/upload", new Blob([text]), "one.log");
    expect(one.postStatus).toBe(303);
    expect(one.html).toContain("one.log: 1 line read as combined.");
    expect(one.html).toContain("1 stored: 1 page view, 1 AI agent&#39;s request.");
  });

  it("counts a log of ten days ago in that day's reports under a past day's own salt, stores it once when imported again, and leaves today's salt and traffic alone", async () => {
    const { owner, now } = await uploaderWithSite("upload-old");
    const today = Math.floor(now / DAY) * DAY;
    const old = today - 10 * DAY + 10 * HOUR; // 10:00 UTC ten days ago
    const oldDay = utcDay(old);
    const todayLine = today + Math.floor((now - today) / 2); // inside today whatever the hour
    const text = [
      combined("20.171.207.2", old, "GET /products/mug HTTP/1.1", 200, GPTBOT), // GPTBot's session: 2 pages
      combined("20.171.207.2", old + 60_000, "GET /products/cup HTTP/1.1", 200, GPTBOT),
      combined("160.79.104.10", old + 120_000, "GET / HTTP/1.1", 200, CLAUDEBOT), // ClaudeBot's session
      combined("203.0.113.9", old + 180_000, "GET / HTTP/1.1", 200, CHROME), // a person's session (no snippet)
      combined("20.171.207.2", todayLine, "GET /today HTTP/1.1", 200, GPTBOT), // today's: the live salt
      combined("20.171.207.2", today - 95 * DAY, "GET /older HTTP/1.1", 200, GPTBOT), // beyond 90 days: refused
    ].join("\n");
    const path = "/app/sites/upload.example/drains/upload";
    const first = await upload(owner, path, new Blob([text]), "last-month.log");
    expect(first.postStatus).toBe(303);
    expect(first.html).toContain("last-month.log: 6 lines read as combined.");
    expect(first.html).toContain("5 stored: 5 page views");
    expect(first.html).toContain("Line 6: older than the 90 days an imported log line can reach back");

    // The keeper holds one past salt, for that day only, apart from the live ones, which are unchanged.
    const ns = env.SALT_KEEPER as DurableObjectNamespace;
    const keeper = ns.get(ns.idFromName("global"));
    const held = await runInDurableObject(keeper, async (_i, state) => ({
      live: state.storage.kv.get<{ day: string; salt: string }[]>("salts") ?? [],
      past: state.storage.kv.get<{ day: string; salt: string; createdAt: number }[]>("past-salts") ?? [],
      alarm: await state.storage.getAlarm(),
    }));
    expect(held.live.map((s) => s.salt)).toEqual(["c2FsdC15ZXN0ZXJkYXk=", "c2FsdC10b2RheQ=="]);
    expect(held.past.map((s) => s.day)).toEqual([oldDay]);
    expect(held.past[0].salt).toMatch(/^[A-Za-z0-9+/=]{44}$/);
    // It is deleted 48 h after it was minted: the keeper wakes up by then.
    expect(held.alarm).not.toBeNull();
    expect(held.alarm as number).toBeLessThanOrEqual(held.past[0].createdAt + 48 * HOUR);

    // That day's report: 2 AI-agent sessions (GPTBot's two pages are one visitor, one
    // session), 2 unique agent visitors, 3 sessions in all with the person's.
    const report = await owner.get(`/app/sites/upload.example/traffic?from=${oldDay}&to=${oldDay}`);
    expect(report.status).toBe(200);
    expect(metric(report.html, "total_sessions")).toBe("2");
    expect(metric(report.html, "unique_visitors")).toBe("2");
    // The share names its parts: the 2 agents, no person from an assistant's link.
    expect(metric(report.html, "ai_share_pct")).toBe("66.7%");
    expect(report.html).toContain("2 of 3 sessions: 2 AI-agent + 0 visits from an AI assistant&#39;s link");
    // Today's line is today's, counted once, under the live salt.
    const todayReport = await owner.get(`/app/sites/upload.example/traffic?from=${utcDay(now)}&to=${utcDay(now)}`);
    expect(metric(todayReport.html, "total_sessions")).toBe("1");

    // The same file again stores nothing twice.
    const again = await upload(owner, path, await gzip(text), "last-month.log.gz");
    expect(again.html).toContain("5 stored: 5 page views");
    expect(again.html).toContain("5 of them were already stored");
    const twice = await owner.get(`/app/sites/upload.example/traffic?from=${oldDay}&to=${oldDay}`);
    expect(metric(twice.html, "total_sessions")).toBe("2");
    expect(twice.html).toContain("2 of 3 sessions: 2 AI-agent + 0 visits from an AI assistant&#39;s link");
  });

  it("refuses no file, a file of no known format, one over the size bound and a forged form, storing nothing", async () => {
    const owner = new FormClient();
    await owner.signUp(uniqueEmail("upload-refusals"));
    await owner.get("/app/sites");
    await owner.post("/app/sites", { domain: "upload.example", name: "Shop" });
    const path = "/app/sites/upload.example/drains/upload";
    const empty = await upload(owner, path, new Blob([""]), "empty.log");
    expect(empty.status).toBe(400);
    expect(empty.html).toContain("Choose a log file");
    const unknown = await upload(owner, path, new Blob(["hello world\nsecond line\n"]), "notes.txt");
    expect(unknown.status).toBe(400);
    expect(unknown.html).toContain("format could not be told");

    const oversize = await upload(owner, path, new Blob([new Uint8Array(MAX_UPLOAD_BYTES + 128 * 1024)]), "big.log");
    expect(oversize.status).toBe(413);

    const form = new FormData();
    form.append("_csrf", "forged");
    form.append("log", new Blob(["x"]), "a.log");
    expect((await owner.request(path, { method: "POST", body: form })).status).toBe(403);
  });
});
