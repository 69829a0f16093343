import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import {
  BEACON_LEASES,
  BEACON_LIMITS,
  leaseSource,
  limitGroupName,
  networkSubject,
} from "../../shared/ingest/beacon-limits";
import { GroupBatcher } from "../../shared/rate-limit/group-batcher";
import { LeasePool } from "../../shared/rate-limit/lease-pool";
import type { GroupSync } from "../../shared/rate-limit/rate-window-group";
import { nextAction } from "../../shared/sessions/install-status";
import { freezeClock, windowStart } from "../helpers/clock";
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

/**
 * Fixed one-minute windows: the clock stands one second into a minute for the whole test
 * (test/helpers/clock.ts), so a flood is one window's however long the machine takes.
 */
function oneSecondIntoAMinute(): number {
  return freezeClock(windowStart(Date.now(), 60_000) + 1_000);
}

async function flood(site: { token: string; domain: string }, n: number, ipOf: (i: number) => string) {
  const answers = await Promise.all(Array.from({ length: n }, (_, i) => beacon(site, ipOf(i))));
  const statuses = answers.map((r) => r.status);
  const refused = answers.filter((r) => r.status === 429);
  return { accepted: statuses.filter((s) => s === 202).length, refused, statuses };
}

/** The object holding a site's windows (one per site: its token's and every network's). */
const group = (siteId: string) => env.BEACON_WINDOWS.get(env.BEACON_WINDOWS.idFromName(limitGroupName(siteId)));

/** A batcher over `name`'s object that counts the calls it makes, as one isolate holds one. */
function countingBatcher(name: string, delayMs = 1000) {
  const calls: GroupSync[] = [];
  const object = env.BEACON_WINDOWS.get(env.BEACON_WINDOWS.idFromName(name));
  const batcher = new GroupBatcher(
    () => ({
      settle: (sync: GroupSync, now: number) => {
        calls.push(sync);
        return object.settle(sync, now);
      },
    }),
    delayMs,
  );
  return { batcher, calls, object };
}

/** A site's stored events and distinct visitor hashes, once `events` have arrived (read as `until` does). */
async function visitorCount(siteId: string, events: number) {
  return until(
    () =>
      inShard(env.ANALYTICS_SHARD, siteId, (db) =>
        db
          .prepare(
            "SELECT COALESCE(SUM(event_count), 0) AS events, COUNT(DISTINCT visitor_hash) AS visitors FROM sessions WHERE site_id = ?",
          )
          .bind(siteId)
          .first<{ events: number; visitors: number }>(),
      ),
    (row) => (row?.events ?? 0) >= events,
  );
}

/** Reads `read` until `done` holds (at most 400 reads 50 ms apart, for a busy machine), returning the last value. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  let value = await read();
  // Counted, not timed: the test's clock may be frozen.
  for (let tries = 0; !done(value) && tries < 400; tries++) {
    await new Promise((r) => setTimeout(r, 50));
    value = await read();
  }
  return value;
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
    oneSecondIntoAMinute();
    // 700 concurrent beacons from 203.0.113.0/24 (every address of it): 600 pass, plus
    // at most this isolate's credit when the window filled; the rest are refused.
    const { accepted, refused } = await flood(site, 700, (i) => `203.0.113.${i % 256}`);
    expect(accepted).toBeGreaterThanOrEqual(NETWORK_MINUTE);
    expect(accepted).toBeLessThanOrEqual(NETWORK_MINUTE + NETWORK_CREDIT);
    expect(refused.length).toBe(700 - accepted);
    const [first] = refused;
    expect(await first.json()).toMatchObject({ code: "rate_limited" });
    // Until the minute's end: 59 s after the frozen instant, for every refusal.
    expect(new Set(refused.map((r) => r.headers.get("Retry-After")))).toEqual(new Set(["59"]));
    // Counted: on the network's object (reported from the isolate: the first refusal at
    // once, then each 100 more, so 1 + at most 99 still unreported here) and in the install
    // check's last refusal.
    // Reported in the background (batched up to a second, later on a busy machine): wait
    // for it rather than for a fixed time.
    expect(
      await until(
        () => group(site.id).refused(networkSubject("203.0.113.0/24")),
        (n) => n > 0,
      ),
    ).toBe(1);
    // The site's object stores the network only as a digest (docs/privacy.md).
    const keys = await runInDurableObject(group(site.id), (_instance, state) =>
      [...state.storage.kv.list()].map(([key]) => key),
    );
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.filter((key) => key.includes("203.0.113"))).toEqual([]);
    const row = await until(
      () =>
        env.DB.prepare("SELECT last_reject_reason FROM sites WHERE id = ?")
          .bind(site.id)
          .first<{ last_reject_reason: string | null }>(),
      (r) => r?.last_reject_reason != null,
    );
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

  it("holds the limit exactly under concurrent leases on one object, per subject", async () => {
    const stub = env.BEACON_WINDOWS.get(env.BEACON_WINDOWS.idFromName("lease-race"));
    const specs = [{ name: "beacons.minute", limit: 600, periodSeconds: 60 }];
    const now = Date.now();
    // 50 isolates' calls at once, each asking 20 for network a and 10 for network b.
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        stub.settle(
          {
            leases: [
              { subject: "net:a", specs, want: 20 },
              { subject: "net:b", specs, want: 10 },
            ],
            refused: [],
            members: [],
          },
          now,
        ),
      ),
    );
    const a = answers.map((r) => r.leases[0]);
    const b = answers.map((r) => r.leases[1]);
    // a: 50 × 20 asked, 600 in the window: exactly 600 granted, 20 calls get nothing.
    expect(a.reduce((n, l) => n + l.granted, 0)).toBe(600);
    expect(a.filter((l) => l.granted === 0).length).toBe(20);
    expect(a.find((l) => l.granted === 0)?.retryAfter).toBeGreaterThanOrEqual(1);
    // b is its own window in the same object: 50 × 10 = 500, all granted.
    expect(b.reduce((n, l) => n + l.granted, 0)).toBe(500);
    expect(await stub.used("net:a", specs, now)).toEqual([600]);
  });

  it("lets at most the credit past a window the isolate had not seen full (the credit's bound)", async () => {
    oneSecondIntoAMinute();
    const site = await seedSite("credit-bound.example");
    // Another isolate spent the network's minute already: the object has no room left.
    const spent = await group(site.id).settle(
      {
        leases: [
          { subject: networkSubject("203.0.114.0/24"), specs: [...BEACON_LIMITS.network], want: NETWORK_MINUTE },
        ],
        refused: [],
        members: [],
      },
      Date.now(),
    );
    expect(spent.leases[0].granted).toBe(NETWORK_MINUTE);
    const { accepted, refused } = await flood(site, 10, (i) => `203.0.114.${i + 1}`);
    // The first beacons pass on credit while the lease is asked; the lease grants
    // nothing, so they were the ones past the limit, and the rest are refused.
    expect(accepted).toBeGreaterThanOrEqual(1);
    expect(accepted).toBeLessThanOrEqual(NETWORK_CREDIT);
    expect(refused.length).toBe(10 - accepted);
  }, 90_000);

  it("bounds the overshoot across isolates by each isolate's credit, and spends no object call per beacon", async () => {
    oneSecondIntoAMinute();
    // Four isolates (four pools and their batchers, as four Worker isolates would hold)
    // share one site's object; 1,000 concurrent beacons of one network spread over them.
    const subject = networkSubject("198.51.100.0/24");
    const specs = [...BEACON_LIMITS.network];
    const isolates = Array.from({ length: 4 }, () => ({
      pool: new LeasePool(100),
      ...countingBatcher("overshoot"),
    }));
    const deferred: Promise<unknown>[] = [];
    const now = Date.now();
    const verdicts = await Promise.all(
      Array.from({ length: 1000 }, (_, i) => {
        const isolate = isolates[i % 4];
        return isolate.pool.take(
          subject,
          { size: 20, credit: NETWORK_CREDIT },
          leaseSource(isolate.batcher, subject, specs),
          now,
          (p) => deferred.push(p),
        );
      }),
    );
    await Promise.all(deferred);
    const accepted = verdicts.filter((v) => v.allowed).length;
    // The object grants 600 at most; each isolate admits at most its 5 of credit that no
    // grant paid for (a grant pays owed credit first): 600..620.
    expect(accepted).toBeGreaterThanOrEqual(NETWORK_MINUTE);
    expect(accepted).toBeLessThanOrEqual(NETWORK_MINUTE + 4 * NETWORK_CREDIT);
    // Leases, not a call per beacon: a call that grants all it asked grants at least one
    // block of 20, so at most 600 / 20 = 30 of them. A call that grants less than asked
    // leaves its isolate refusing without asking; an isolate has at most two asks on
    // their way when that happens (the background one, gathered, and the one its
    // waiting requests sent at once), so at most two more per isolate; the refusals'
    // reports ride in those or in one more batch: 30 + 4 × 3 = 42 calls for 1,000 beacons.
    const calls = isolates.reduce((n, isolate) => n + isolate.calls.length, 0);
    expect(calls).toBeLessThanOrEqual(600 / 20 + 4 * 3);
    // The object never granted past the limit.
    expect(await isolates[0].object.used(subject, specs, now)).toEqual([NETWORK_MINUTE, NETWORK_MINUTE]);
  }, 90_000);

  it("asks the site's object once for the blocks of many networks seen together", async () => {
    oneSecondIntoAMinute();
    // One isolate sees 200 networks, three beacons each, before its batch is sent. The
    // takes run without yielding to the timer (no I/O between them), so all are in it.
    const { batcher, calls, object } = countingBatcher("many-networks", 50);
    const pool = new LeasePool(1000);
    const specs = [...BEACON_LIMITS.network];
    const deferred: Promise<unknown>[] = [];
    const now = Date.now();
    const verdicts = await Promise.all(
      Array.from({ length: 600 }, (_, i) => {
        const subject = networkSubject(`10.0.${i % 200}.0/24`);
        return pool.take(subject, BEACON_LEASES.network, leaseSource(batcher, subject, specs), now, (p) =>
          deferred.push(p),
        );
      }),
    );
    await Promise.all(deferred);
    // All pass on credit (3 of 5 per network) and no beacon waited; one call carried the
    // 200 networks' blocks: 20 + 5 of credit asked and granted for each.
    expect(verdicts.every((v) => v.allowed)).toBe(true);
    expect(calls.length).toBe(1);
    expect(calls[0].leases.length).toBe(200);
    expect(await object.used(networkSubject("10.0.7.0/24"), specs, now)).toEqual([25, 25]);
    // Spending the rest of each block (22 held after paying the 3 owed) asks nothing:
    // the refill once half a block is left is one more call for all of them.
    for (let i = 0; i < 200 * 12; i++) {
      const subject = networkSubject(`10.0.${i % 200}.0/24`);
      const verdict = await pool.take(subject, BEACON_LEASES.network, leaseSource(batcher, subject, specs), now, (p) =>
        deferred.push(p),
      );
      expect(verdict.allowed).toBe(true);
    }
    await Promise.all(deferred);
    expect(calls.length).toBe(2);
  }, 60_000);

  it("drops a group's expired windows at its alarm and keeps the live ones", async () => {
    const stub = env.BEACON_WINDOWS.get(env.BEACON_WINDOWS.idFromName("expiry"));
    const specs = [...BEACON_LIMITS.network];
    // Ten minutes before noon: that minute window has ended, its day window has not.
    const noon = freezeClock(windowStart(Date.now(), 86_400_000) + 12 * 3_600_000);
    const then = noon - 600_000;
    const answer = await stub.settle(
      { leases: [{ subject: "net:old", specs, want: 7 }], refused: [], members: [] },
      then,
    );
    expect(answer.leases[0].granted).toBe(7);
    // The alarm is due at once (the earliest end has passed); run it if it has not run.
    await runDurableObjectAlarm(stub);
    const [minute, day] = await stub.used("net:old", specs, then);
    expect(minute).toBe(0);
    expect(day).toBe(7);
  });

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

  // Issue 41, lower findings: each /64 was its own network, so one /48 (65,536 /64s)
  // added a visitor per /64 it rotated through.
  it("counts the /64s of one IPv6 /48 against one bound: 100 /64s make 50 visitors and the overflow visitor", async () => {
    const site = await seedSite("rotating-v6.example");
    for (let i = 0; i < 100; i++) {
      expect((await beacon(site, `2001:db8:41:${i.toString(16)}::7`)).status).toBe(202);
    }
    const row = await visitorCount(site.id, 100);
    // 50 admitted /64s, one visitor each, + 1 overflow visitor of the /48 for the other 50.
    expect(row?.visitors).toBe(51);
  }, 60_000);

  it("keeps two /48s apart, and /64s of one /48 within the bound are visitors of their own (control)", async () => {
    const site = await seedSite("two-v6-sites.example");
    for (let i = 0; i < 30; i++) {
      expect((await beacon(site, `2001:db8:a::${i.toString(16)}:0:0:1`)).status).toBe(202);
      expect((await beacon(site, `2001:db8:b:${i.toString(16)}::1`)).status).toBe(202);
    }
    const row = await visitorCount(site.id, 60);
    // 2001:db8:a::/48: 30 addresses of one /64 with one User-Agent → 1 visitor;
    // 2001:db8:b::/48: 30 /64s → 30 visitors, under its bound of 50.
    expect(row?.visitors).toBe(31);
  }, 60_000);
});
