import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "../../shared/crypto/sha256";
import { recordId } from "../../shared/drains/accept-drain-batch";
import type { DrainRecord } from "../../shared/drains/drain-record";

/** The id as it was first computed (WebCrypto): lines stored before must keep their ids. */
async function subtleId(siteId: string, identity: string): Promise<string> {
  const digest = new Uint8Array(
    await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${siteId}\n${identity}`)),
  );
  return `dr_${[...digest.slice(0, 16)].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

const record: DrainRecord = {
  key: "8a3f1c2b9d0e4f51",
  occurredAt: 1_764_000_000_000,
  host: "shop.example",
  path: "/products/été?x=1",
  method: "GET",
  status: 200,
  userAgent: "Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)",
  ip: "52.230.152.7",
  referer: null,
  contentType: "text/html",
  signature: null,
};

describe("a drain record's stored id", () => {
  it("is the SHA-256 of site and vendor key that WebCrypto gives, so a redelivery after the change maps to the same row", async () => {
    expect(recordId("site_a", record)).toBe(await subtleId("site_a", "key:8a3f1c2b9d0e4f51"));
    expect(recordId("site_a", record)).toMatch(/^dr_[0-9a-f]{32}$/);
    expect(recordId("site_b", record)).not.toBe(recordId("site_a", record));
  });

  it("hashes the whole record, non-ASCII included, when the vendor gives no key", async () => {
    const keyless = { ...record, key: null };
    expect(recordId("site_a", keyless)).toBe(await subtleId("site_a", JSON.stringify(keyless)));
  });
});

describe("the SHA-256 that makes the ids", () => {
  it("is node:crypto's digest for every length around the block and padding edges, non-ASCII and astral characters included", () => {
    const pieces = ["a", "é", "€", "😀", "\n", "\u0000", "Z", "key:"];
    for (let length = 0; length < 260; length++) {
      let text = "";
      for (let i = 0; text.length < length; i++) text += pieces[(i * 7 + length) % pieces.length];
      expect(sha256Hex(text), `length ${length}`).toBe(createHash("sha256").update(text, "utf8").digest("hex"));
    }
  });

  it("gives FIPS 180-4's published digests of 'abc' and of the empty string", () => {
    expect(sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(sha256Hex("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  });

  it("is the same after a long input grew its buffer", () => {
    const long = "x".repeat(100_000);
    expect(sha256Hex(long)).toBe(createHash("sha256").update(long, "utf8").digest("hex"));
    expect(sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});
