import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { BEACON_LEASES, BEACON_LIMITS, leaseSource } from "../../shared/ingest/beacon-limits";
import { LeasePool } from "../../shared/rate-limit/lease-pool";
import { nextAction } from "../../shared/sessions/install-status";
import { inShard } from "../helpers/shard";
import { seedSite } from "./helpers";

// Issue 23, "Limits on the public path": the public token is in every page, so the
// beacon path bounds what one site token and one client network can put in.
const NETWORK_MINUTE = 600; // BEACON_LIMITS.network minute window, written out by hand
// BEACON_LEASES.network.credit: beacons an isolate admits per network and window before
// the object answered, and so the most it can admit past a full window.
const NETWORK_CREDIT = 5;
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";

function beacon(site: { token: string; domain: string }, ip: string, userAgent = CHROME) {
  return exports.default.fetch("https://ingest.example/ingest/e", {
    method: "POST",
    headers: {
      "Content-Type": "text/plain;charset=UTF-8",
      Origin: `https://${site.domain}`,
      "User-Agent": userAgent,
      "CF-Connecting-IP": ip,
    },
    body: JSON.stringify({ s: site.token, k: "pageview", u: `https://${site.domain}/products/mug` }),
  });
}

/** Fixed one-minute windows: start a flood early in a minute so it stays within one. */
async function earlyInAMinute() {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 30_000) await new Promise((r) => setTimeout(r, 60_000 - intoMinute + 50));
}

async function flood(site: { token: string; domain: string }, n: number, ipOf: (i: number) => string) {
  const answers = await Promise.all(Array.from({ length: n }, (_, i) => beacon(site, ipOf(i))));
  const statuses = answers.map((r) => r.status);
  const refused = answers.filter((r) => r.status === 429);
  return { accepted: statuses.filter((s) => s === 202).length, refused, statuses };
}

async function refusedCount(subject: string) {
  return env.RATE_WINDOW.get(env.RATE_WINDOW.idFromName(subject)).refused();
}

describe("beacon limits per client network and site token", () => {
  it("matches the documented numbers", () => {
    expect(BEACON_LIMITS.network[0]).toEqual({ name: "beacons.minute", limit: NETWORK_MINUTE, periodSeconds: 60 });
    expect(BEACON_LIMITS.visitorsPerNetworkDay).toBe(50);
    expect(BEACON_LEASES.network).toEqual({ size: 20, credit: NETWORK_CREDIT });
    expect(BEACON_LEASES.site).toEqual({ size: 200, credit: 50 });
  });

  it("refuses a concurrent flood from one /24 past its limit with 429, counts it, and leaves other networks and sites alone", async () => {
    const site = await seedSite("flooded.example");
    const other = await seedSite("neighbour.example");
    await earlyInAMinute();
    // 700 concurrent beacons from 203.0.113.0/24 (every address of it): 600 pass, plus
    // at most this isolate's credit when the window filled; the rest are refused.
    const { accepted, refused } = await flood(site, 700, (i) => `203.0.113.${i % 256}`);
    expect(accepted).toBeGreaterThanOrEqual(NETWORK_MINUTE);
    expect(accepted).toBeLessThanOrEqual(NETWORK_MINUTE + NETWORK_CREDIT);
    expect(refused.length).toBe(700 - accepted);
    const [first] = refused;
    expect(await first.json()).toMatchObject({ code: "rate_limited" });
    expect(Number(first.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    expect(Number(first.headers.get("Retry-After"))).toBeLessThanOrEqual(60);
    // Counted: on the network's object (reported from the isolate: the first refusal at
    // once, then each 100 more, so 1 + at most 99 still unreported here) and in the install
    // check's last refusal.
    await new Promise((r) => setTimeout(r, 100));
    expect(await refusedCount(`beacon-net:${site.id}:203.0.113.0/24`)).toBe(1);
    await new Promise((r) => setTimeout(r, 100));
    const row = await env.DB.prepare("SELECT last_reject_reason FROM sites WHERE id = ?")
      .bind(site.id)
      .first<{ last_reject_reason: string }>();
    expect(row?.last_reject_reason).toBe("rate_limited");
    // The install check says the snippet is fine and what the refusals were, not "wrong Origin".
    const advice = nextAction("rejected", site.domain, "rate_limited");
    expect(advice).toContain("The snippet is installed");
    expect(advice).toContain("600 a minute from one client network");
    expect(advice).not.toContain("Origin");
    // Another network on the same site, and the same network on another site, still pass.
    expect((await beacon(site, "198.51.100.7")).status).toBe(202);
    expect((await beacon(other, "203.0.113.9")).status).toBe(202);
    // IPv6: one /64 is one network; the next /64 is another.
    expect((await beacon(site, "2001:db8:aa:1::5")).status).toBe(202);
  }, 120_000);

  it("holds the limit exactly under concurrent leases on one object", async () => {
    const stub = env.RATE_WINDOW.get(env.RATE_WINDOW.idFromName("lease-race"));
    const specs = [{ name: "beacons.minute", limit: 600, periodSeconds: 60 }];
    const now = Date.now();
    const leases = await Promise.all(Array.from({ length: 50 }, () => stub.lease(specs, 20, now)));
    // 50 × 20 asked, 600 in the window: exactly 600 granted, 20 calls get nothing.
    expect(leases.reduce((n, l) => n + l.granted, 0)).toBe(600);
    expect(leases.filter((l) => l.granted === 0).length).toBe(20);
    expect(leases.find((l) => l.granted === 0)?.retryAfter).toBeGreaterThanOrEqual(1);
  });

  it("lets at most the credit past a window the isolate had not seen full (the credit's bound)", async () => {
    await earlyInAMinute();
    const site = await seedSite("credit-bound.example");
    // Another isolate spent the network's minute already: the object has no room left.
    const spent = await env.RATE_WINDOW.get(env.RATE_WINDOW.idFromName(`beacon-net:${site.id}:203.0.114.0/24`)).lease(
      [...BEACON_LIMITS.network],
      NETWORK_MINUTE,
      Date.now(),
    );
    expect(spent.granted).toBe(NETWORK_MINUTE);
    const { accepted, refused } = await flood(site, 10, (i) => `203.0.114.${i + 1}`);
    // The first beacons pass on credit while the lease is asked; the lease grants
    // nothing, so they were the ones past the limit, and the rest are refused.
    expect(accepted).toBeGreaterThanOrEqual(1);
    expect(accepted).toBeLessThanOrEqual(NETWORK_CREDIT);
    expect(refused.length).toBe(10 - accepted);
  }, 90_000);

  it("bounds the overshoot across isolates by each isolate's credit, and spends no object call per beacon", async () => {
    await earlyInAMinute();
    // Four isolates (four pools, as four Worker isolates would hold) share one network's
    // object; 1,000 concurrent beacons spread over them.
    const subject = "beacon-net:overshoot:198.51.100.0/24";
    const specs = [...BEACON_LIMITS.network];
    let calls = 0;
    const counted = leaseSource(env.RATE_WINDOW, subject, specs);
    const source = () => {
      const object = counted();
      return {
        lease: (want: number, now: number) => {
          calls++;
          return object.lease(want, now);
        },
        noteRefused: object.noteRefused,
      };
    };
    const isolates = Array.from({ length: 4 }, () => new LeasePool(100));
    const deferred: Promise<unknown>[] = [];
    const now = Date.now();
    const verdicts = await Promise.all(
      Array.from({ length: 1000 }, (_, i) =>
        isolates[i % 4].take(subject, { size: 20, credit: NETWORK_CREDIT }, source, now, (p) => deferred.push(p)),
      ),
    );
    await Promise.all(deferred);
    const accepted = verdicts.filter((v) => v.allowed).length;
    // 600 granted by the object, at most 5 credited per isolate past it: 600..620.
    expect(accepted).toBeGreaterThanOrEqual(NETWORK_MINUTE);
    expect(accepted).toBeLessThanOrEqual(NETWORK_MINUTE + 4 * NETWORK_CREDIT);
    // Leases, not a call per beacon: 600 hits in blocks of at least 20 are at most 30
    // granting calls, plus one refused call per isolate.
    expect(calls).toBeLessThanOrEqual(600 / 20 + 4);
    // The object never granted past the limit.
    const peek = await env.RATE_WINDOW.get(env.RATE_WINDOW.idFromName(subject)).peek(specs, now);
    expect(peek.windows[0].used).toBe(NETWORK_MINUTE);
  }, 90_000);

  it("counts at most 50 distinct visitors per network and day, the rest as one overflow visitor", async () => {
    const site = await seedSite("many-agents.example");
    // 80 different ChatGPT-User strings from one address (well under the rate limit).
    for (let i = 0; i < 80; i++) {
      const ua = `Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.${i}; +https://openai.com/bot`;
      expect((await beacon(site, "192.0.2.44", ua)).status).toBe(202);
    }
    let row: { events: number; visitors: number; sessions: number } | null = null;
    for (let t = 0; t < 200; t++) {
      row = await inShard(env.ANALYTICS_SHARD, site.id, (db) =>
        db
          .prepare(
            "SELECT COALESCE(SUM(event_count), 0) AS events, COUNT(DISTINCT visitor_hash) AS visitors, COUNT(*) AS sessions FROM sessions WHERE site_id = ?",
          )
          .bind(site.id)
          .first<{ events: number; visitors: number; sessions: number }>(),
      );
      if ((row?.events ?? 0) >= 80) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const visitors = row?.visitors;
    expect(row?.sessions).toBe(51);
    // 50 admitted visitors + 1 overflow visitor for the other 30.
    expect(visitors).toBe(51);
  }, 60_000);
});
