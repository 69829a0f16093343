import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { forwardConfirm, reverseName, underDomain } from "../../shared/verification/reverse-dns";
import { inShard } from "../helpers/shard";
import { acceptedServerEvents, seedSite, setFixture } from "./helpers";

// Forward-confirmed reverse DNS over DNS-over-HTTPS (RFC 8484 JSON), answered by a
// fixture resolver: the Node-side outbound stand-in keyed by each question's query.
// Applebot: Apple documents reverse DNS under applebot.apple.com
// (https://support.apple.com/en-us/119829); Amazonbot under crawl.amazonbot.amazon
// (https://developer.amazon.com/amazonbot).
const APPLEBOT =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)";
const AMAZONBOT =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_10_1) AppleWebKit/600.2.5 (KHTML, like Gecko) Version/8.0.2 Safari/600.2.5 (Amazonbot/0.1; +https://developer.amazon.com/support/amazonbot)";

const doh = (name: string, type: string) =>
  `cloudflare-dns.com/dns-query?name=${encodeURIComponent(name)}&type=${type}`;
const answer = (status: number, answers: { type: number; data: string }[] = []) => ({
  status: 200,
  headers: { "Content-Type": "application/dns-json" },
  body: JSON.stringify({ Status: status, Answer: answers.map((a) => ({ name: "x", TTL: 60, ...a })) }),
});
const PTR = 12;
const A = 1;

async function recordFrom(domain: string, ip: string, userAgent: string) {
  const site = await seedSite(domain);
  const now = Date.now();
  const result = await acceptedServerEvents(
    site.workspaceId,
    [{ timestamp: now, domain, path: "/", method: "GET", status: 200, user_agent: userAgent, ip }],
    now,
  );
  expect(result.results[0]).toEqual({ index: 0, status: "accepted" });
  for (let i = 0; i < 100; i++) {
    const { results } = await inShard(env.ANALYTICS_SHARD, site.id, (db) =>
      db.prepare("SELECT * FROM sessions WHERE site_id = ?").bind(site.id).all<Record<string, unknown>>(),
    );
    if (results.length) return results[0];
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("no session");
}

describe("forward-confirmed reverse DNS", () => {
  it("builds PTR names and matches domains on label boundaries", () => {
    expect(reverseName("17.58.101.7")).toBe("7.101.58.17.in-addr.arpa");
    expect(reverseName("2001:db8::1")).toBe(`1.${"0.".repeat(23)}8.b.d.0.1.0.0.2.ip6.arpa`);
    expect(underDomain("17-58-101-7.applebot.apple.com.", "applebot.apple.com")).toBe(true);
    expect(underDomain("applebot.apple.com.evil.example", "applebot.apple.com")).toBe(false);
    expect(underDomain("notapplebot.apple.com", "applebot.apple.com")).toBe(false);
  });

  it("confirms Applebot when its PTR name is under applebot.apple.com and resolves back to the IP (a logged address: labelled, declared)", async () => {
    const ip = "17.58.101.7";
    await setFixture(
      doh("7.101.58.17.in-addr.arpa", "PTR"),
      answer(0, [{ type: PTR, data: "17-58-101-7.applebot.apple.com." }]),
    );
    await setFixture(doh("17-58-101-7.applebot.apple.com", "A"), answer(0, [{ type: A, data: ip }]));
    const session = await recordFrom("rdns-match.example", ip, APPLEBOT);
    // A server-side record's address is the merchant's logs' word (issue 41, lower
    // findings): the confirmed name labels it, declared; a beacon's would verify.
    expect(session).toMatchObject({ tier: "declared", agent_platform: "apple" });
    expect(JSON.parse(session.detection_signals as string).sort()).toEqual(
      ["address_from_merchant_logs", "declared_user_agent", "reverse_dns"].sort(),
    );
  });

  it("leaves a PTR name outside the operator's domains declared", async () => {
    const ip = "198.51.100.61";
    await setFixture(
      doh("61.100.51.198.in-addr.arpa", "PTR"),
      answer(0, [{ type: PTR, data: "crawl.amazonbot.amazon.evil.example." }]),
    );
    // Amazon publishes reverse DNS (no IP list) for Amazonbot: refuted, the check failed.
    expect(await recordFrom("rdns-mismatch.example", ip, AMAZONBOT)).toMatchObject({
      tier: "declared",
      agent_platform: "amazon",
      detection_signals: '["declared_user_agent","verification_failed"]',
    });
  });

  it("leaves a PTR name whose forward lookup names another IP declared", async () => {
    const ip = "198.51.100.62";
    await setFixture(
      doh("62.100.51.198.in-addr.arpa", "PTR"),
      answer(0, [{ type: PTR, data: "1-2-3-4.crawl.amazonbot.amazon." }]),
    );
    await setFixture(doh("1-2-3-4.crawl.amazonbot.amazon", "A"), answer(0, [{ type: A, data: "1.2.3.4" }]));
    expect(await recordFrom("rdns-forward.example", ip, AMAZONBOT)).toMatchObject({ tier: "declared" });
  });

  it("treats a resolver that is down or failing as not verified, and still accepts the record", async () => {
    // No fixture for this IP: the stand-in answers 502, as an unreachable resolver would.
    // Not answered is not refuted: the check could not be made, so no verdict is stored.
    expect(await recordFrom("rdns-down.example", "198.51.100.63", AMAZONBOT)).toMatchObject({
      tier: "declared",
      detection_signals: '["declared_user_agent"]',
    });
    await setFixture(doh("64.100.51.198.in-addr.arpa", "PTR"), answer(2));
    expect(await forwardConfirm(new Map(), "198.51.100.64", ["crawl.amazonbot.amazon"])).toBe("unknown");
    await setFixture(doh("65.100.51.198.in-addr.arpa", "PTR"), { status: 200, body: "not json" });
    expect(await forwardConfirm(new Map(), "198.51.100.65", ["crawl.amazonbot.amazon"])).toBe("unknown");
    await setFixture(doh("66.100.51.198.in-addr.arpa", "PTR"), answer(3));
    expect(await forwardConfirm(new Map(), "198.51.100.66", ["crawl.amazonbot.amazon"])).toBe("refuted");
  });
});
