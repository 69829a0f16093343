import { describe, expect, inject, it } from "vitest";
import { vendorAgents } from "../../shared/classify/agents";
import { uncataloguedAiRobotsTokens } from "../../shared/classify/agents-listed";
import { namedAutomation } from "../../shared/classify/automation";
import { aiAgents } from "../../shared/classify/user-agent";
import { computeFigures, formatFigures } from "./peer-ua-figures";

const peer = inject("sharedPeerUa");
const suite = peer ? describe : describe.skip;
const title = peer
  ? "AI-agent recognition on the peers' labelled User-Agents (../shared/data/peer-ua)"
  : "AI-agent recognition on the peers' labelled User-Agents: SKIPPED, ../shared/data is absent on this machine";

suite(title, () => {
  // A skipped suite's body still runs when tests are collected: without the data it
  // computes over nothing and prints nothing, and its tests are skipped.
  const data = peer ?? { cases: [], aiRobotsTokens: [] };
  const figures = computeFigures(data.cases, data.aiRobotsTokens);
  // Printed on every run with the data: these are the figures the issue is measured by.
  if (peer) console.log(`\n${formatFigures(figures)}\nmissed:\n  ${figures.misses.join("\n  ")}\n`);

  it("finds at least 95% of the peer-labelled AI agents, and over 90% of each peer's", () => {
    expect(figures.recall.all.of).toBe(166);
    expect(figures.recall.all.hit / figures.recall.all.of).toBeGreaterThanOrEqual(0.95);
    expect(figures.recall.arcjet.hit / figures.recall.arcjet.of).toBeGreaterThan(0.9);
    expect(figures.recall.matomo.hit / figures.recall.matomo.of).toBeGreaterThan(0.9);
  });

  it("agrees with the peers on platform and purpose where their label is unambiguous (at least 98%)", () => {
    expect(figures.wrongPlatform).toEqual([]);
    expect(figures.platform.hit / figures.platform.of).toBeGreaterThanOrEqual(0.98);
    expect(figures.purpose.hit / figures.purpose.of).toBeGreaterThanOrEqual(0.98);
  });

  it("labels no real browser an agent and no named non-AI bot AI", () => {
    expect(figures.browsersAsAgents.of).toBeGreaterThan(1900);
    expect(figures.falseAgents).toEqual([]);
    expect(figures.namedBotsAsAi.of).toBeGreaterThan(2000);
  });

  it("places every ai.robots.txt token: in the catalogue, in named non-AI automation, or left out with a reason", () => {
    const spellings = new Set(aiAgents.flatMap((a) => [a.token, ...(a.aliases ?? [])]).map((t) => t.toLowerCase()));
    const automation = new Set(namedAutomation.map((a) => a.token.toLowerCase()));
    const unplaced = data.aiRobotsTokens.filter((token) => {
      // robots.json spells some tokens with their version ("MistralAI-User/1.0", "Brightbot 1.0").
      const bare = token.toLowerCase().replace(/[/ ][\d.]+$/, "");
      return !spellings.has(bare) && !automation.has(bare) && !(token in uncataloguedAiRobotsTokens);
    });
    expect(unplaced).toEqual([]);
  });
});

describe("the agent catalogue as data", () => {
  it("gives every entry an operator, a platform, a purpose and a source", () => {
    for (const a of aiAgents) {
      expect(a.operator, a.token).not.toBe("");
      expect(a.ref, a.token).not.toBe("");
      expect(["vendor", "ai-robots", "peer"]).toContain(a.source);
    }
    expect(vendorAgents.every((a) => a.source === "vendor")).toBe(true);
  });

  it("holds each spelling once, so no token silently shadows another", () => {
    const all = aiAgents.flatMap((a) => [a.token, ...(a.aliases ?? [])]).map((t) => t.toLowerCase());
    expect(all.length).toBe(new Set(all).size);
  });
});
