import { describe, expect, inject, it } from "vitest";
import { isAllowed } from "../../../shared/robots/is-allowed";
import { parseRobots } from "../../../shared/robots/parse-robots";

// Every portable IsUserAgentAllowed expectation of google/robotstxt (the RFC 9309
// reference parser), transcribed in ../shared/data/peer-robots (source and licence in its
// README). Cases marked `skip` are Google-specific extensions. A URL is matched as
// `pathname + search` of `new URL(url)`, as the README says callers do.

interface PeerCase {
  test: string;
  n: number;
  robotstxt: string;
  agent: string;
  url: string;
  allowed: boolean;
  skip?: string;
}

const raw = inject("peerRobotsCases");
const cases = raw ? (JSON.parse(raw) as { cases: PeerCase[] }).cases.filter((c) => !c.skip) : [];

describe.skipIf(cases.length === 0)(
  "robots.txt against the RFC 9309 reference parser's cases (../shared/data/peer-robots)",
  () => {
    it("has the 127 portable cases", () => {
      expect(cases).toHaveLength(127);
    });

    it("answers every portable case as google/robotstxt does", () => {
      const wrong = cases.filter((c) => {
        const url = new URL(c.url);
        return isAllowed(parseRobots(c.robotstxt), c.agent, `${url.pathname}${url.search}`) !== c.allowed;
      });
      expect(
        wrong.map((c) => `${c.test}#${c.n}: ${JSON.stringify(c.robotstxt)} ${c.agent} ${c.url} want ${c.allowed}`),
      ).toEqual([]);
    });
  },
);
