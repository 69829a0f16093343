import { describe, expect, it } from "vitest";
import type { Draft, PipelineDeps } from "../../shared/ingest/pipeline-types";
import { checkTime } from "../../shared/ingest/steps/check-time";
import { hashVisitor } from "../../shared/ingest/steps/hash-visitor";
import {
  isPastSaltDay,
  keepPastSalts,
  nextPastExpiry,
  PAST_SALT_TTL_MS,
  pastSaltSet,
} from "../../shared/salt/past-day-salts";
import type { SaltSet } from "../../shared/salt/salt-schedule";
import { signVisitor, visitorFields } from "../../shared/salt/visitor-hash";

const at = (iso: string) => Date.parse(iso);
let minted = 0;
const mint = () => `past-${++minted}`;
const NOW = at("2026-11-26T10:00:00Z");

describe("salts of past days for log imports", () => {
  it("qualifies a day from yesterday back 90 days, never today, the future, day 91 or a malformed day", () => {
    expect(isPastSaltDay("2026-11-25", NOW)).toBe(true);
    expect(isPastSaltDay("2026-11-16", NOW)).toBe(true); // 10 days back
    // 2026-11-26 minus 90 days is 2026-08-28 (Nov 26 → Aug 28: 26 + 31 + 30 + 3 = 90).
    expect(isPastSaltDay("2026-08-28", NOW)).toBe(true);
    expect(isPastSaltDay("2026-08-27", NOW)).toBe(false);
    expect(isPastSaltDay("2026-11-26", NOW)).toBe(false);
    expect(isPastSaltDay("2026-11-27", NOW)).toBe(false);
    expect(isPastSaltDay("2026-02-30", NOW)).toBe(false);
    expect(isPastSaltDay("2026-11-1", NOW)).toBe(false);
    expect(isPastSaltDay("'; DROP", NOW)).toBe(false);
  });

  it("mints a salt once per asked day, hands the same one back while it lives, and never mints for today", () => {
    const first = keepPastSalts([], ["2026-11-16", "2026-11-16", "2026-11-26"], NOW, mint);
    expect(first.salts.map((s) => s.day)).toEqual(["2026-11-16"]);
    expect(first.next).toHaveLength(1);
    const again = keepPastSalts(first.next, ["2026-11-16"], NOW + PAST_SALT_TTL_MS - 1, mint);
    expect(again.next).toBe(first.next);
    expect(again.salts[0].salt).toBe(first.salts[0].salt);
  });

  it("deletes a salt 48 h after it was minted, so an import two days later gets a fresh, unrelated one", () => {
    const first = keepPastSalts([], ["2026-11-16", "2026-11-17"], NOW, mint);
    expect(nextPastExpiry(first.next)).toBe(NOW + 48 * 3_600_000);
    const gone = keepPastSalts(first.next, [], NOW + 48 * 3_600_000, mint);
    expect(gone.next).toEqual([]);
    expect(nextPastExpiry(gone.next)).toBeNull();
    // 48 h later the reach has moved by two days; 2026-11-16 is still in it.
    const later = keepPastSalts(first.next, ["2026-11-16"], NOW + 48 * 3_600_000, mint);
    expect(later.salts).toHaveLength(1);
    expect(later.salts[0].salt).not.toBe(first.salts[0].salt);
  });

  it("hashes a past line with its day's salt and the day before's as the other, as a live session crossing midnight", () => {
    const { next } = keepPastSalts([], ["2026-11-15", "2026-11-16"], NOW, mint);
    const set = pastSaltSet(next, "2026-11-16");
    expect(set?.current.day).toBe("2026-11-16");
    expect(set?.previous?.day).toBe("2026-11-15");
    expect(pastSaltSet(next, "2026-11-15")?.previous).toBeNull();
    expect(pastSaltSet(next, "2026-11-14")).toBeNull();
  });

  it("lets a line older than 48 h through the time check only when its day's past salt is given", () => {
    const d = { occurredAt: at("2026-11-16T12:00:00Z"), receivedAt: NOW } as Draft;
    const live = { current: { day: "2026-11-26", salt: "s", createdAt: NOW }, previous: null };
    expect(checkTime(d)).toEqual({ dropped: "stale_timestamp" });
    expect(checkTime(d, { salts: live })).toEqual({ dropped: "stale_timestamp" });
    const past = keepPastSalts([], ["2026-11-16"], NOW, mint).salts;
    expect(checkTime(d, { salts: { ...live, past } })).toBe(d);
    // A day with no salt given stays refused, and the future stays refused whatever the salts.
    expect(checkTime({ ...d, occurredAt: at("2026-11-15T12:00:00Z") }, { salts: { ...live, past } })).toEqual({
      dropped: "stale_timestamp",
    });
    expect(checkTime({ ...d, occurredAt: NOW + 3_600_000 }, { salts: { ...live, past } })).toEqual({
      dropped: "future_timestamp",
    });
  });
});

describe("hashing an imported line", () => {
  const site = { id: "site_1", workspaceId: "ws_1", domain: "shop.example", coverage: "all_traffic" };
  const draft = (occurredAt: number) =>
    ({ occurredAt, receivedAt: NOW, clientIp: "203.0.113.9", userAgent: "UA", site }) as unknown as Draft;
  const live = { current: { day: "2026-11-26", salt: "dG9kYXk=", createdAt: NOW }, previous: null };
  const deps = (salts: SaltSet) => ({ salts, ipRanges: {} }) as unknown as PipelineDeps;
  const fields = visitorFields("ws_1", "site_1", "203.0.113.0/24", "UA");

  it("uses yesterday's past salt when the live salts never held yesterday, and drops the line without it", async () => {
    const yesterday = at("2026-11-25T10:00:00Z"); // 24 h old: within the live reach
    expect(await hashVisitor(draft(yesterday), deps(live))).toEqual({ dropped: "stale_timestamp" });
    const past = keepPastSalts([], ["2026-11-25"], NOW, mint).salts;
    const hashed = (await hashVisitor(draft(yesterday), deps({ ...live, past }))) as { visitorHash: string };
    expect(hashed.visitorHash).toBe(await signVisitor(past[0].salt, fields));
  });

  it("keeps today's line on the live salt whatever past salts are given", async () => {
    const past = keepPastSalts([], ["2026-11-25"], NOW, mint).salts;
    const hashed = (await hashVisitor(draft(at("2026-11-26T09:00:00Z")), deps({ ...live, past }))) as {
      visitorHash: string;
    };
    expect(hashed.visitorHash).toBe(await signVisitor(live.current.salt, fields));
  });
});
