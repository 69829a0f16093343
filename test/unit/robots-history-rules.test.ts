import { describe, expect, it } from "vitest";
import { segmentsOf } from "../../shared/reports/robots-compliance";
import { decidingRule } from "../../shared/robots/is-allowed";
import { parseRobots } from "../../shared/robots/parse-robots";
import { ROBOTS_CACHE_GRACE_MS } from "../../shared/robots/robots-history";
import { cutToBytes, MAX_VERSION_BYTES, observationOf } from "../../shared/robots/robots-version";

const DAY = 86_400_000;

describe("what a robots.txt fetch keeps", () => {
  it("keeps a served file, reads a 4xx or an HTML page as 'everything allowed', and keeps nothing of a 5xx", () => {
    expect(observationOf({ status: 200, contentType: "text/plain", body: "User-agent: *" })).toEqual({
      kind: "rules",
      status: 200,
      body: "User-agent: *",
    });
    expect(observationOf({ status: 404, contentType: "text/html", body: "<h1>gone" })).toEqual({
      kind: "none",
      status: 404,
      body: "",
    });
    expect(observationOf({ status: 200, contentType: "text/html; charset=utf-8", body: "<html>" })?.kind).toBe("none");
    expect(observationOf({ status: 503, contentType: "text/plain", body: "down" })).toBeNull();
    expect(observationOf({ status: 0, contentType: "", body: "" })).toBeNull();
  });

  it("cuts a file at 500 KiB of UTF-8, never inside a character", () => {
    const big = `${"a".repeat(MAX_VERSION_BYTES - 1)}é tail`;
    const cut = cutToBytes(big, MAX_VERSION_BYTES);
    expect(cut).toBe("a".repeat(MAX_VERSION_BYTES - 1));
    expect(cutToBytes("short", MAX_VERSION_BYTES)).toBe("short");
  });
});

describe("judging by the version in force", () => {
  it("cuts time at each version and at the end of the 24 h after it, when the previous one may still be cached", () => {
    const v = [{ firstSeenAt: 0 }, { firstSeenAt: 10 * DAY }, { firstSeenAt: 10 * DAY + 3_600_000 }];
    expect(segmentsOf(v)).toEqual([
      { at: 0, version: 0, cached: -1 },
      { at: 10 * DAY, version: 1, cached: 0 },
      // v2 arrives within v1's grace: no plain-v1 segment, v2's own grace follows.
      { at: 10 * DAY + 3_600_000, version: 2, cached: 1 },
      { at: 10 * DAY + 3_600_000 + ROBOTS_CACHE_GRACE_MS, version: 2, cached: -1 },
    ]);
  });

  it("names the deciding rule and its line: the longest match, Allow winning a tie", () => {
    const robots = parseRobots("# shop\nUser-agent: GPTBot\nDisallow: /p\nAllow: /p/public\nDisallow: /p/public\n");
    expect(decidingRule(robots, "gptbot", "/p/x")).toEqual({ allow: false, pattern: "/p", line: 3 });
    expect(decidingRule(robots, "gptbot", "/p/public/1")).toEqual({ allow: true, pattern: "/p/public", line: 4 });
    expect(decidingRule(robots, "claudebot", "/p/x")).toBeNull();
    expect(decidingRule(robots, "gptbot", "/robots.txt")).toBeNull();
  });
});
