import { describe, expect, it } from "vitest";
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
