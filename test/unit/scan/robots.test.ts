import { describe, expect, it } from "vitest";
import { isAllowed, namesAgent, patternMatches } from "../../../shared/robots/is-allowed";
import { parseRobots, ROBOTS_MAX_BYTES } from "../../../shared/robots/parse-robots";

// Cases from RFC 9309 §2.2.2, §2.2.3 and §5 (examples), plus the grouping rules of §2.1.
describe("robots.txt per RFC 9309", () => {
  it("merges consecutive user-agent lines into one group and matches the token case-insensitively", () => {
    const robots = parseRobots(
      "User-agent: ExampleBot\nuser-agent: OtherBot\nDisallow: /private\n\nUser-agent: *\nDisallow: /\n",
    );
    expect(robots.groups).toHaveLength(2);
    expect(isAllowed(robots, "examplebot", "/public")).toBe(true);
    expect(isAllowed(robots, "OtherBot", "/private/x")).toBe(false);
    expect(isAllowed(robots, "Someone", "/public")).toBe(false);
  });

  it("merges separate groups naming the same agent (§2.2.1)", () => {
    const robots = parseRobots(
      "User-agent: a\nDisallow: /x\n\nUser-agent: b\nDisallow: /\n\nUser-agent: a\nDisallow: /y\n",
    );
    expect(isAllowed(robots, "a", "/x")).toBe(false);
    expect(isAllowed(robots, "a", "/y")).toBe(false);
    expect(isAllowed(robots, "a", "/z")).toBe(true);
  });

  it("uses the longest match and lets Allow win a tie (§2.2.2)", () => {
    const robots = parseRobots(
      "User-agent: *\nDisallow: /example/\nAllow: /example/page/\nDisallow: /example/page/disallowed.gif\nAllow: /tie\nDisallow: /tie\n",
    );
    expect(isAllowed(robots, "bot", "/example/page/")).toBe(true);
    expect(isAllowed(robots, "bot", "/example/other")).toBe(false);
    expect(isAllowed(robots, "bot", "/example/page/disallowed.gif")).toBe(false);
    expect(isAllowed(robots, "bot", "/tie")).toBe(true);
  });

  it("supports * and $ (§2.2.3)", () => {
    expect(patternMatches("/*.php", "/index.php")).toBe(true);
    expect(patternMatches("/*.php", "/filename.php?x=1")).toBe(true);
    expect(patternMatches("/*.php$", "/filename.php")).toBe(true);
    expect(patternMatches("/*.php$", "/filename.php?parameters")).toBe(false);
    expect(patternMatches("/fish*.php", "/fishheads/catfish.php?parameters")).toBe(true);
    expect(patternMatches("/fish*.php", "/Fish.PHP")).toBe(false);
  });

  it("ignores empty Disallow, comments and rules outside groups; always allows /robots.txt", () => {
    const robots = parseRobots(
      "Disallow: /orphan\n# comment\nUser-agent: * # trailing\nDisallow:\nDisallow: / # all\n",
    );
    expect(isAllowed(robots, "bot", "/orphan")).toBe(false);
    expect(isAllowed(robots, "bot", "/robots.txt")).toBe(true);
    expect(parseRobots("User-agent: *\nDisallow:\n").groups[0].rules).toEqual([]);
  });

  it("allows everything when no group applies", () => {
    expect(isAllowed(parseRobots("User-agent: other\nDisallow: /\n"), "bot", "/")).toBe(true);
  });

  it("matches percent-encoded and literal UTF-8 paths alike", () => {
    const robots = parseRobots("User-agent: *\nDisallow: /försäljning\n");
    expect(isAllowed(robots, "bot", "/f%C3%B6rs%C3%A4ljning/x")).toBe(false);
  });

  it("keeps Sitemap and other records, and reads at most 500 KiB", () => {
    const robots = parseRobots(
      "Sitemap: https://s.example/a.xml\nUser-agent: GPTBot\nDisallow: /\nContent-Signal: ai-train=no\n",
    );
    expect(robots.sitemaps).toEqual(["https://s.example/a.xml"]);
    expect(robots.other).toEqual([{ key: "content-signal", value: "ai-train=no" }]);
    expect(namesAgent(robots, "gptbot")).toBe(true);
    const padded = `${"#".repeat(ROBOTS_MAX_BYTES)}\nUser-agent: *\nDisallow: /\n`;
    expect(isAllowed(parseRobots(padded), "bot", "/")).toBe(true);
  });
});
