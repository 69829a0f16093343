import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { CHECKS } from "../../shared/scan/checks/registry";
import { type CheckResultBody, completeOf, getScan, postScan, type ScanResultBody } from "./scan-client";

// Real shop pages (../shared/data/real-shops) served locally, scanned through the API, and
// compared check by check with the judgements written before they were scanned
// (test/fixtures/real-shops/*.expected.json). Without ../shared the suite skips.

type Verdict = "pass" | "warn" | "fail" | "blocked";
interface Described {
  shop: string;
  domain: string;
  expected: { checks: Record<string, [Verdict, string]> };
}

const shops = JSON.parse(env.REAL_SHOPS || "[]") as Described[];
const AGREEMENT_BAR = 0.9;

function verdictOf(c: CheckResultBody): Verdict {
  return c.blocked ? "blocked" : c.status;
}

const scans = new Map<string, Promise<ScanResultBody>>();
function scanOf(s: Described, index: number): Promise<ScanResultBody> {
  let p = scans.get(s.shop);
  if (!p) {
    p = postScan(s.domain, `198.51.100.${200 + index}`).then(({ events }) => getScan(completeOf(events).id));
    scans.set(s.shop, p);
  }
  return p;
}

describe.skipIf(shops.length === 0)("real shops (../shared/data/real-shops) scanned as an expert judges them", () => {
  it("has a judgement for every check of every shop, in registry order", () => {
    for (const s of shops) expect(Object.keys(s.expected.checks), s.shop).toEqual(CHECKS.map((c) => c.key));
  });

  shops.forEach((s, index) => {
    it(`${s.shop}: at least ${AGREEMENT_BAR * 100}% of checks agree with the judgement`, async () => {
      const result = await scanOf(s, index);
      const rows = result.checkResults.map((c) => {
        const [want, why] = s.expected.checks[c.key];
        return { key: c.key, want, got: verdictOf(c), why, message: c.message };
      });
      const agree = rows.filter((r) => r.want === r.got).length;
      const lines = rows
        .filter((r) => r.want !== r.got)
        .map((r) => `  ${r.key}: expected ${r.want} (${r.why}), got ${r.got}: ${r.message}`);
      console.log(
        `${s.shop} (${s.domain}): ${agree}/${rows.length} checks agree (${Math.round((agree / rows.length) * 100)}%), score ${result.overallScore}\n${lines.join("\n")}`,
      );
      expect(agree / rows.length).toBeGreaterThanOrEqual(AGREEMENT_BAR);
    });
  });

  it("never shows internal error text and never passes a check whose page could not be read", async () => {
    for (const [index, s] of shops.entries()) {
      const result = await scanOf(s, index);
      for (const c of result.checkResults) {
        expect(c.message, `${s.shop} ${c.key}`).not.toMatch(/internal error|reference =|content token/i);
        if (s.shop === "cloudflare-challenge" && c.key !== "bot_challenge") {
          expect(verdictOf(c), `${s.shop} ${c.key}`).toBe("blocked");
        }
      }
    }
  });

  it("scores the JavaScript-only shell below every readable real shop", async () => {
    const scores = Object.fromEntries(
      await Promise.all(shops.map(async (s, i) => [s.shop, (await scanOf(s, i)).overallScore] as const)),
    );
    console.log(`overall scores: ${JSON.stringify(scores)}`);
    for (const readable of ["shopify-happycoffee", "shopware-zooroyal", "magento-toralin"]) {
      expect(scores["headless-spartacus"], readable).toBeLessThan(scores[readable]);
    }
  });
});
