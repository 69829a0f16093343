import { describe, expect, inject, it } from "vitest";
import { parseRobots } from "../../../shared/robots/parse-robots";
import { judgeRobots, type RobotsSource, verdictSentence } from "../../../shared/robots/robots-verdict";
import { robotsRefusal } from "../../../shared/scan/crawl/fetcher";

// Issue 45: every robots.txt verdict says why, in the reasons RFC 9309 distinguishes
// (allowed by rule, disallowed by rule, no matching rule, unavailable, unreachable), with
// the deciding rule and its line.

const rules = (text: string): RobotsSource => ({ kind: "rules", robots: parseRobots(text) });
const bytes = (...parts: Array<string | number[]>) =>
  new TextDecoder().decode(
    new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...new TextEncoder().encode(p)] : p))),
  );

describe("a verdict's reason, rule and line", () => {
  const file = rules("User-agent: *\nDisallow: /cart\nAllow: /cart/view\n\nUser-agent: GPTBot\nDisallow: /\n");

  it("names the rule and its line when a rule decides", () => {
    expect(judgeRobots(file, "ClaudeBot", "/cart/add")).toEqual({
      allowed: false,
      reason: "disallowed_by_rule",
      rule: "Disallow: /cart",
      line: 2,
      group: "*",
    });
    expect(judgeRobots(file, "ClaudeBot", "/cart/view")).toEqual({
      allowed: true,
      reason: "allowed_by_rule",
      rule: "Allow: /cart/view",
      line: 3,
      group: "*",
    });
    expect(judgeRobots(file, "GPTBot/1.2", "/")).toMatchObject({
      reason: "disallowed_by_rule",
      line: 6,
      group: "gptbot",
    });
  });

  it("says no matching rule when none matches, and which group applied (or none)", () => {
    expect(judgeRobots(file, "ClaudeBot", "/products/a")).toEqual({
      allowed: true,
      reason: "no_matching_rule",
      rule: null,
      line: null,
      group: "*",
    });
    expect(judgeRobots(rules("User-agent: GPTBot\nDisallow: /\n"), "ClaudeBot", "/x")).toMatchObject({
      allowed: true,
      reason: "no_matching_rule",
      group: null,
    });
  });

  it("says unavailable (4xx: everything allowed) and unreachable (5xx, no answer: everything disallowed)", () => {
    expect(judgeRobots({ kind: "unavailable", status: 404 }, "GPTBot", "/x")).toMatchObject({
      allowed: true,
      reason: "unavailable",
    });
    expect(judgeRobots({ kind: "unreachable", status: 503 }, "GPTBot", "/x")).toMatchObject({
      allowed: false,
      reason: "unreachable",
    });
  });

  it("puts it in one sentence", () => {
    expect(verdictSentence(judgeRobots(file, "ClaudeBot", "/cart/add"), "ClaudeBot", "/cart/add")).toBe(
      "robots.txt line 2 (Disallow: /cart) disallows ClaudeBot from /cart/add",
    );
  });

  it("is what the scanner's own refusal says", () => {
    const gate = { kind: "rules" as const, robots: parseRobots("User-agent: *\n\nDisallow: /products/\n") };
    const refused = robotsRefusal(gate, new URL("https://shop.example/products/a"));
    expect(refused?.error).toBe(
      "robots.txt line 3 (Disallow: /products/) disallows AgentReadinessScanner from /products/a",
    );
    expect(refused?.robotsVerdict).toMatchObject({ reason: "disallowed_by_rule", line: 3 });
  });
});

// google/robotstxt (the RFC 9309 reference parser), reporting_robots_test.cc
// "LinesNumbersAreCountedCorrectly" and robots_test.cc "ID_LinesNumbersAreCountedCorrectly",
// "ID_UTF8ByteOrderMarkIsSkipped": the same six-line file with every line ending RFC 9309
// allows, and byte order marks. Transcribed as facts (file, agent, path, expected line).
describe("line numbers and byte order marks as google/robotstxt counts them", () => {
  const lines = ["User-Agent: foo", "Allow: /some/path", "User-Agent: bar", "", "", "Disallow: /"];
  const endings: Array<[string, string]> = [
    ["LF", `${lines.join("\n")}\n`],
    ["CRLF", `${lines.join("\r\n")}\r\n`],
    ["CR", `${lines.join("\r")}\r`],
    ["no final newline", lines.join("\n")],
    ["mixed", "User-Agent: foo\nAllow: /some/path\r\nUser-Agent: bar\n\r\n\nDisallow: /"],
  ];
  for (const [name, text] of endings) {
    it(`counts lines with ${name} endings: the Disallow is line 6, the Allow line 2`, () => {
      expect(judgeRobots(rules(text), "bar", "/x")).toMatchObject({ reason: "disallowed_by_rule", line: 6 });
      expect(judgeRobots(rules(text), "foo", "/some/path/x")).toMatchObject({ reason: "allowed_by_rule", line: 2 });
    });
  }

  const body = "User-Agent: foo\nAllow: /AnyValue\n";
  it("skips a byte order mark at the start, whole or cut short", () => {
    for (const mark of [[0xef, 0xbb, 0xbf], [0xef, 0xbb], [0xef]]) {
      expect(judgeRobots(rules(bytes(mark, body)), "foo", "/AnyValue")).toMatchObject({
        reason: "allowed_by_rule",
        line: 2,
      });
    }
    // A body that kept its BOM as U+FEFF (read without a decoder's BOM handling).
    expect(judgeRobots(rules(`\uFEFF${body}`), "foo", "/AnyValue")).toMatchObject({ line: 2 });
  });

  it("reads a broken mark, or one in the middle of the file, as a line it cannot parse", () => {
    // \xEF\x11\xBF: the first line is garbage, so foo has no group.
    expect(judgeRobots(rules(bytes([0xef, 0x11, 0xbf], body)), "foo", "/AnyValue")).toMatchObject({
      reason: "no_matching_rule",
      group: null,
    });
    // A mark before "Allow": that line is not a rule, so foo's group has none.
    expect(
      judgeRobots(rules(bytes("User-Agent: foo\n", [0xef, 0xbb, 0xbf], "Allow: /AnyValue\n")), "foo", "/AnyValue"),
    ).toMatchObject({
      reason: "no_matching_rule",
      group: "foo",
    });
  });
});

interface PeerCase {
  robotstxt: string;
  agent: string;
  url: string;
  allowed: boolean;
  skip?: string;
}
const raw = inject("peerRobotsCases");
const cases = raw ? (JSON.parse(raw) as { cases: PeerCase[] }).cases.filter((c) => !c.skip) : [];

describe.skipIf(cases.length === 0)(
  "google/robotstxt's portable cases, judged with reasons (../shared/data/peer-robots)",
  () => {
    it("gives every case google/robotstxt's answer, and a reason that agrees with it", () => {
      const wrong = cases.filter((c) => {
        const url = new URL(c.url);
        const verdict = judgeRobots(rules(c.robotstxt), c.agent, `${url.pathname}${url.search}`);
        const reasonAgrees = verdict.allowed
          ? verdict.reason === "allowed_by_rule" || verdict.reason === "no_matching_rule"
          : verdict.reason === "disallowed_by_rule";
        const ruleShown = verdict.reason.endsWith("_by_rule") === (verdict.line !== null && verdict.rule !== null);
        return verdict.allowed !== c.allowed || !reasonAgrees || !ruleShown;
      });
      expect(wrong.map((c) => `${JSON.stringify(c.robotstxt)} ${c.agent} ${c.url}`)).toEqual([]);
    });
  },
);
