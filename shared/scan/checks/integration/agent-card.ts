import { blockedBy, isMachineReadable, isSoft404, parseJson } from "../check-helpers";
import { defineCheck } from "../define-check";

// A2A agent card: /.well-known/agent-card.json (A2A spec 0.3), legacy /.well-known/agent.json.
const PATHS = ["/.well-known/agent-card.json", "/.well-known/agent.json"];

export const agentCard = defineCheck({
  key: "agent_card",
  layer: 5,
  weight: 1,
  run(site) {
    const files = PATHS.map((p) => site.files[p]).filter((f) => !!f);
    const present = files.find(isMachineReadable);
    if (present) {
      const json = parseJson(present.body) as Record<string, unknown> | undefined;
      if (json && typeof json.name === "string" && typeof json.url === "string") {
        return {
          status: "pass",
          message: `A2A agent card "${json.name}" at ${present.url}.`,
          evidence: { url: present.url, name: json.name },
        };
      }
      return {
        status: "warn",
        message: `${present.url} answers but is not an agent card with name and url.`,
        fix: 'Serve {"name":"...","url":"https://DOMAIN/a2a","skills":[...]} per the A2A specification.',
        evidence: { url: present.url },
      };
    }
    const blocked = files.map((f) => blockedBy(f, f.url)).find((b) => b);
    if (blocked) return blocked;
    return {
      status: "fail",
      message: `No A2A agent card at /.well-known/agent-card.json or /.well-known/agent.json${files.some(isSoft404) ? " (the site answers those paths with an HTML page, not a card)" : ""}.`,
      fix: "Publish an A2A agent card if you run an agent that other agents can talk to.",
      evidence: { tried: files.map((f) => ({ url: f.url, status: f.status, soft404: isSoft404(f) })) },
    };
  },
});
