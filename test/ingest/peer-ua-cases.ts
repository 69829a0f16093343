// Node side (vitest config): reads the peers' labelled User-Agent data from
// ../shared/data/peer-ua when it exists and turns it into plain labelled cases for
// test/ingest/peer-ua.test.ts. Labels are the peers' own, read as their READMEs say
// (../shared/data/peer-ua/README.md); nothing here looks at our classifier.

import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";

export interface PeerCase {
  source: "arcjet" | "matomo" | "matomo-browsers" | "uap-core" | "ua-parser-js";
  ua: string;
  label: "ai" | "bot" | "browser";
  /** The peer's name for the bot (arcjet id, matomo name). */
  name: string;
  /** Operator as the peer names it (matomo producer; arcjet id prefix). */
  operator: string | null;
  /** matomo's AI category, when there is one. */
  category: string | null;
}

export interface PeerData {
  cases: PeerCase[];
  /** ai.robots.txt robots.json tokens, for the coverage test. */
  aiRobotsTokens: string[];
}

const MATOMO_AI = new Set(["AI Data Scraper", "AI Search Crawler", "AI Assistant", "AI Agent"]);

interface ArcjetEntry {
  id: string;
  categories?: string[];
  instances?: { accepted?: string[] };
}
interface MatomoBot {
  user_agent: string;
  bot: { name: string; category?: string | null; producer?: { name?: string | null } | null };
}
interface MatomoClient {
  user_agent: string;
  client?: { type?: string; name?: string };
}

export function readPeerData(dataDir: string): PeerData | null {
  const dir = path.join(dataDir, "peer-ua");
  if (!existsSync(dir)) return null;
  const read = (f: string) => readFileSync(path.join(dir, f), "utf8");
  const cases: PeerCase[] = [];

  for (const e of JSON.parse(read("arcjet-well-known-bots.json")) as ArcjetEntry[]) {
    const ai = e.categories?.includes("ai") ?? false;
    for (const ua of e.instances?.accepted ?? []) {
      // The README's exclusion: facebookexternalhit is Meta's link previewer per the
      // vendor (traffic-facts §2), so it is neither an AI positive nor a negative.
      if (ai && /facebookexternalhit/i.test(ua)) continue;
      cases.push({
        source: "arcjet",
        ua,
        label: ai ? "ai" : "bot",
        name: e.id,
        operator: e.id.split("-")[0],
        category: null,
      });
    }
  }
  for (const c of parse(read("matomo-bots.yml")) as MatomoBot[]) {
    const category = c.bot.category ?? null;
    const ai = category !== null && MATOMO_AI.has(category);
    cases.push({
      source: "matomo",
      ua: c.user_agent,
      label: ai ? "ai" : "bot",
      name: c.bot.name,
      operator: c.bot.producer?.name ?? null,
      category: ai ? category : null,
    });
  }
  const browser = (source: PeerCase["source"], ua: string, name: string): PeerCase => ({
    source,
    ua,
    label: "browser",
    name,
    operator: null,
    category: null,
  });
  for (const c of parse(read("matomo-client-browser.yml")) as MatomoClient[]) {
    if (c.client?.type !== "browser" || /headless|phantom/i.test(c.client.name ?? "")) continue;
    cases.push(browser("matomo-browsers", c.user_agent, c.client.name ?? ""));
  }
  for (const f of ["uap-core-firefox_user_agent_strings.yaml", "uap-core-opera_mini_user_agent_strings.yaml"]) {
    const doc = parse(read(f)) as { test_cases: { user_agent_string: string; family: string }[] };
    for (const t of doc.test_cases) cases.push(browser("uap-core", t.user_agent_string, t.family));
  }
  for (const t of JSON.parse(read("ua-parser-js-browser-all.json")) as { ua: string; expect: { name?: string } }[]) {
    if (/headless|phantom/i.test(t.expect.name ?? "")) continue;
    cases.push(browser("ua-parser-js", t.ua, t.expect.name ?? ""));
  }

  const robots = JSON.parse(readFileSync(path.join(dataDir, "ai-robots.json"), "utf8")) as Record<string, unknown>;
  return { cases, aiRobotsTokens: Object.keys(robots) };
}
