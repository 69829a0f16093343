import { describe, expect, it } from "vitest";
import { cidrContains, parseCidr, parseIp, truncateIp } from "../../shared/ip/cidr";
import { encodeFields, visitorHash } from "../../shared/salt/visitor-hash";

describe("IP handling", () => {
  it("truncates IPv4 to /24 and IPv6 to /64, canonically", () => {
    expect(truncateIp("23.98.142.180")).toBe("23.98.142.0/24");
    expect(truncateIp("2001:db8:abcd:12:1:2:3:4")).toBe("2001:db8:abcd:12::/64");
    expect(truncateIp("2001:0db8:abcd:0012::9")).toBe("2001:db8:abcd:12::/64");
    expect(truncateIp("::ffff:10.1.2.3")).toBe("10.1.2.0/24");
    expect(truncateIp("not-an-ip")).toBeNull();
  });

  it("tests containment on the full address", () => {
    const net = parseCidr("23.98.142.176/28");
    expect(net).not.toBeNull();
    expect(
      cidrContains(net as NonNullable<typeof net>, parseIp("23.98.142.191") as NonNullable<ReturnType<typeof parseIp>>),
    ).toBe(true);
    expect(
      cidrContains(net as NonNullable<typeof net>, parseIp("23.98.142.192") as NonNullable<ReturnType<typeof parseIp>>),
    ).toBe(false);
    const v6 = parseCidr("2600:1f28:365:80b0::/60") as NonNullable<ReturnType<typeof parseCidr>>;
    expect(cidrContains(v6, parseIp("2600:1f28:365:80bf::1") as NonNullable<ReturnType<typeof parseIp>>)).toBe(true);
    expect(cidrContains(v6, parseIp("2600:1f28:365:80c0::1") as NonNullable<ReturnType<typeof parseIp>>)).toBe(false);
    expect(parseCidr("1.2.3.4/33")).toBeNull();
    expect(parseCidr("1.2.3/24")).toBeNull();
  });
});

describe("visitor hash", () => {
  it("separates fields unambiguously (length-prefixed)", () => {
    // ("ab","c") and ("a","bc") concatenate alike; the encoding must not.
    const a = encodeFields(["ab", "c"]);
    const b = encodeFields(["a", "bc"]);
    expect([...a]).toEqual([0, 0, 0, 2, 97, 98, 0, 0, 0, 1, 99]);
    expect([...b]).not.toEqual([...a]);
  });

  it("encodes each field as UTF-8 behind its byte length, ASCII or not", () => {
    // The reference: every field through the standard encoder, length-prefixed.
    const reference = (fields: string[]) =>
      fields.flatMap((f) => {
        const bytes = [...new TextEncoder().encode(f)];
        const n = bytes.length;
        return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255, ...bytes];
      });
    for (const fields of [
      ["v1", "ws_1", "site_1", "198.51.100.0/24", "Mozilla/5.0 (X11; Linux x86_64) Chrome/142.0.0.0"],
      ["v1", "ws", "site", "", ""],
      ["v1", "ws", "site", "2001:db8:1:2::/64", "Agent/1.0 (naïve; 日本)"],
      ["v1", "ws", "site", "10.0.0.0/24", "emoji 🙂 and a lone \ud800 surrogate"],
      ["\u007f\u0000", "x".repeat(300)],
    ])
      expect([...encodeFields(fields)], fields.join(" | ")).toEqual(reference(fields));
  });

  it("is HMAC-SHA-256 over the encoded fields, keyed by the salt, truncated to 128 bits", async () => {
    // The MAC is computed in JS (shared/crypto/hmac-sha256.ts); WebCrypto's is the reference,
    // for ASCII, non-ASCII and empty User-Agents and a salt as long as a block.
    for (const [salt, ua] of [
      ["salt-of-the-day", "UA/1.0"],
      ["salt-of-the-day", "Navigateur été ✓"],
      ["3f9a0c1b2d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8", ""],
    ]) {
      const got = await visitorHash(salt, "ws", "site", "198.51.100.77", ua);
      const key = await crypto.subtle.importKey(
        "raw",
        new TextEncoder().encode(salt),
        { name: "HMAC", hash: "SHA-256" },
        false,
        ["sign"],
      );
      const mac = new Uint8Array(
        await crypto.subtle.sign("HMAC", key, encodeFields(["v1", "ws", "site", "198.51.100.0/24", ua])),
      );
      expect(got, ua).toBe([...mac.slice(0, 16)].map((b) => b.toString(16).padStart(2, "0")).join(""));
      expect(got).toMatch(/^[0-9a-f]{32}$/);
    }
  });

  it("is equal within a /24, different across salts, sites and user agents", async () => {
    const base = await visitorHash("s1", "ws", "site", "198.51.100.77", "UA");
    expect(await visitorHash("s1", "ws", "site", "198.51.100.200", "UA")).toBe(base);
    expect(await visitorHash("s2", "ws", "site", "198.51.100.77", "UA")).not.toBe(base);
    expect(await visitorHash("s1", "ws", "site2", "198.51.100.77", "UA")).not.toBe(base);
    expect(await visitorHash("s1", "ws", "site", "198.51.101.77", "UA")).not.toBe(base);
    expect(await visitorHash("s1", "ws", "site", "198.51.100.77", "UA2")).not.toBe(base);
  });
});
