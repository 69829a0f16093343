import { describe, expect, it } from "vitest";
import { generateApiKey, hashApiKey, looksLikeApiKey } from "../../shared/auth/api-key-secret";
import { bearerToken } from "../../shared/auth/bearer-token";
import { randomBase62 } from "../../shared/auth/random-token";
import { apiLimitClasses } from "../../shared/rate-limit/api-limits";
import { parseStoredScopes, SCOPE_PRESETS } from "../../shared/vocabulary/scopes";

describe("API key material", () => {
  it("generates prefixed 48-character keys that are all different", () => {
    const keys = Array.from({ length: 200 }, generateApiKey);
    for (const key of keys) {
      expect(key).toMatch(/^ar_live_[0-9A-Za-z]{40}$/);
      expect(looksLikeApiKey(key)).toBe(true);
    }
    expect(new Set(keys).size).toBe(200);
  });

  it("hashes with SHA-256 (known vector for 'abc', FIPS 180-2 appendix B.1)", async () => {
    expect(await hashApiKey("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it("refuses anything but the exact key shape", () => {
    for (const bad of [
      "",
      "ar_live_",
      `ar_test_${"a".repeat(40)}`,
      `ar_live_${"a".repeat(39)}`,
      `ar_live_${"a".repeat(39)}-`,
    ]) {
      expect(looksLikeApiKey(bad), bad).toBe(false);
    }
  });

  it("draws base62 characters only, covering the whole alphabet", () => {
    const sample = randomBase62(5000);
    expect(sample).toMatch(/^[0-9A-Za-z]{5000}$/);
    expect(new Set(sample).size).toBe(62);
  });
});

describe("bearerToken", () => {
  it.each([
    ["Bearer abc", "abc"],
    ["bearer abc", "abc"],
    ["BEARER   abc  ", "abc"],
    ["Basic abc", null],
    ["Bearer", null],
    ["Bearer a b", null],
    ["abc", null],
    ["", null],
  ])("reads %j as %j", (header, token) => {
    expect(bearerToken(header)).toBe(token);
  });
});

describe("scopes and limits as the spec states them", () => {
  it("the provisioning preset is exactly sites:write + traffic:read (docs/decisions.md#1-running-it)", () => {
    expect([...SCOPE_PRESETS.provisioning].sort()).toEqual(["sites:write", "traffic:read"]);
  });

  it("drops unknown or malformed stored scopes", () => {
    expect(parseStoredScopes('["traffic:read","admin:all",5]')).toEqual(["traffic:read"]);
    expect(parseStoredScopes("not json")).toEqual([]);
  });

  it("has the per-key windows of docs/decisions.md#3-rate-limits and §11", () => {
    // Only the classes the spec sets; the project may add classes of its own.
    const specified = ["reads", "site_writes", "conversion_writes", "events"] as const;
    const table = Object.fromEntries(
      specified.map((name) => [name, apiLimitClasses[name].map((s) => [s.limit, s.periodSeconds])]),
    );
    expect(table).toEqual({
      reads: [
        [120, 60],
        [20_000, 86_400],
      ],
      site_writes: [
        [120, 60],
        [5_000, 86_400],
      ],
      conversion_writes: [
        [120, 60],
        [20_000, 86_400],
      ],
      events: [
        [600, 60],
        [1_000_000, 86_400],
      ],
    });
  });
});
