import { runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { RateWindow } from "../../shared/rate-limit/rate-window";
import { createTestKey } from "../helpers/api-keys";
import { freezeClock, windowStart } from "../helpers/clock";

const BASE = "http://x";

// Fixed minute windows: the clock stands 15 s into a minute for the whole test
// (test/helpers/clock.ts), so a burst is one window's however long the machine takes,
// and every reset and Retry-After is known to the second.
function fifteenSecondsIntoAMinute(): number {
  return freezeClock(windowStart(Date.now(), 60_000) + 15_000);
}

/** Marks a key's minute window of `limitClass` as used up. */
async function exhaustMinute(keyId: string, limitClass: string, limit: number) {
  const stub = env.RATE_WINDOW.get(env.RATE_WINDOW.idFromName(keyId));
  const minuteStart = windowStart(fifteenSecondsIntoAMinute(), 60_000);
  await runInDurableObject(stub, (_instance: RateWindow, state) => {
    state.storage.kv.put(`${limitClass}.minute:60:${minuteStart}`, limit);
  });
}

// Bursts of 150 requests outlast the 5 s default on a busy machine.
describe("per-key rate limits (docs/decisions.md#3-rate-limits)", { timeout: 60_000 }, () => {
  it("lets exactly 120 of 150 concurrent reads through, the other 30 get 429 with Retry-After", async () => {
    const k = await createTestKey(env, { workspace: "rl-150", scopes: ["traffic:read"] });
    const now = fifteenSecondsIntoAMinute();
    const answers = await Promise.all(
      Array.from({ length: 150 }, () => exports.default.fetch(`${BASE}/api/v1/sites`, { headers: k.headers })),
    );
    const ok = answers.filter((r) => r.status === 200);
    const limited = answers.filter((r) => r.status === 429);
    expect(ok).toHaveLength(120);
    expect(limited).toHaveLength(30);

    // Each admitted request saw a distinct count: Used runs 1..120, Remaining 119..0.
    const used = ok.map((r) => Number(r.headers.get("X-RateLimit-Used"))).sort((a, b) => a - b);
    expect(used).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
    const remaining = ok.map((r) => Number(r.headers.get("X-RateLimit-Remaining"))).sort((a, b) => a - b);
    expect(remaining).toEqual(Array.from({ length: 120 }, (_, i) => i));

    // The minute ends 45 s after the frozen instant.
    const minuteEndS = (windowStart(now, 60_000) + 60_000) / 1000;
    for (const res of limited) {
      expect(await res.json()).toMatchObject({ code: "rate_limited" });
      expect(res.headers.get("Retry-After")).toBe("45");
      expect(res.headers.get("X-RateLimit-Limit")).toBe("120");
      expect(res.headers.get("X-RateLimit-Remaining")).toBe("0");
      expect(res.headers.get("X-RateLimit-Used")).toBe("120");
      // Absolute Unix seconds of the minute window's end.
      expect(Number(res.headers.get("X-RateLimit-Reset"))).toBe(minuteEndS);
    }
  });

  it("keeps each limit class its own budget: exhausted reads do not block registration", async () => {
    const k = await createTestKey(env, { workspace: "rl-classes", scopes: ["traffic:read", "sites:write"] });
    await exhaustMinute(k.keyId, "reads", 120);
    const read = await exports.default.fetch(`${BASE}/api/v1/sites`, { headers: k.headers });
    expect(read.status).toBe(429);
    const write = await exports.default.fetch(`${BASE}/api/v1/sites`, {
      method: "POST",
      headers: { ...k.headers, "Content-Type": "application/json" },
      body: JSON.stringify({ domain: "classes.example" }),
    });
    expect(write.status).toBe(201);
    expect(write.headers.get("X-RateLimit-Used")).toBe("1");
  });

  it("keeps each key its own budget", async () => {
    const a = await createTestKey(env, { workspace: "rl-keys", scopes: ["traffic:read"] });
    const b = await createTestKey(env, { workspace: "rl-keys", scopes: ["traffic:read"] });
    await exhaustMinute(a.keyId, "reads", 120);
    expect((await exports.default.fetch(`${BASE}/api/v1/sites`, { headers: a.headers })).status).toBe(429);
    const other = await exports.default.fetch(`${BASE}/api/v1/sites`, { headers: b.headers });
    expect(other.status).toBe(200);
    expect(other.headers.get("X-RateLimit-Remaining")).toBe("119");
  });

  it("refuses registration once the 5,000-per-day window is used, with Retry-After up to the day's end", async () => {
    const k = await createTestKey(env, { workspace: "rl-day", scopes: ["sites:write"] });
    const stub = env.RATE_WINDOW.get(env.RATE_WINDOW.idFromName(k.keyId));
    // Noon and 15 s: twelve hours less 15 s to the day's end.
    const dayStart = windowStart(Date.now(), 86_400_000);
    freezeClock(dayStart + 12 * 3_600_000 + 15_000);
    await runInDurableObject(stub, (_instance: RateWindow, state) => {
      state.storage.kv.put(`site_writes.day:86400:${dayStart}`, 5000);
    });
    const res = await exports.default.fetch(`${BASE}/api/v1/sites`, {
      method: "POST",
      headers: { ...k.headers, "Content-Type": "application/json" },
      body: JSON.stringify({ domain: "daily.example" }),
    });
    expect(res.status).toBe(429);
    expect(await res.json()).toMatchObject({ code: "rate_limited" });
    expect(res.headers.get("Retry-After")).toBe(String(12 * 3600 - 15));
    // The minute window was not used up, and it is what the headers describe.
    expect(res.headers.get("X-RateLimit-Remaining")).toBe("120");
  });
});
