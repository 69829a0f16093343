import { homeBlocked } from "../check-helpers";
import { defineCheck } from "../define-check";

export const agentUaParity = defineCheck({
  key: "agent_ua_parity",
  layer: 1,
  weight: 2,
  run(site) {
    const blocked = homeBlocked(site);
    if (blocked) return blocked;
    const normal = site.home?.fetched;
    const agent = site.parity;
    if (!normal || normal.status === 0 || !agent) {
      return {
        status: "fail",
        message: "The home page could not be fetched, so the AI-agent response could not be compared.",
        fix: "Serve the home page to every client.",
        evidence: { normalStatus: normal?.status ?? 0 },
      };
    }
    const diff = Math.abs(normal.bytes - agent.bytes) / Math.max(normal.bytes, agent.bytes, 1);
    const evidence = {
      userAgent: "ChatGPT-User",
      normal: { status: normal.status, bytes: normal.bytes },
      agent: { status: agent.status, bytes: agent.bytes, challenge: agent.challenge },
      sizeDifference: Math.round(diff * 100) / 100,
    };
    if (agent.status !== normal.status || agent.challenge) {
      return {
        status: "fail",
        message: `Access problem: the home page answers HTTP ${normal.status} to the scanner but HTTP ${agent.status}${agent.challenge ? ` with a ${agent.challenge} challenge` : ""} to ChatGPT-User.`,
        fix: "Serve AI user agents the same page as browsers; do not block or challenge them by User-Agent.",
        evidence,
      };
    }
    const pct = Math.round(diff * 100);
    if (diff <= 0.3) {
      return {
        status: "pass",
        message: `ChatGPT-User gets the same status and a body within ${pct}% of the normal size.`,
        evidence,
      };
    }
    return {
      status: diff <= 0.7 ? "warn" : "fail",
      message: `ChatGPT-User gets a home page ${pct}% different in size (${agent.bytes} vs ${normal.bytes} bytes).`,
      fix: "Serve AI user agents the same content as browsers.",
      evidence,
    };
  },
});
