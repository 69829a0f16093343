import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { workerProject } from "../worker-project.ts";
import { outboundService } from "./fixtures/outbound.ts";
import { type PeerData, readPeerData } from "./peer-ua-cases.ts";

declare module "vitest" {
  export interface ProvidedContext {
    sharedWebBotAuthVectors: string;
    /** web_bot_auth_signature_agent_v1.json and web_bot_auth_signature_agent_card_v1.json, or "". */
    sharedSignatureAgentVectors: string;
    sharedAgentCardVectors: string;
    /** The peers' labelled User-Agent data, or null where ../shared is absent. */
    sharedPeerUa: PeerData | null;
  }
}

// Public Web Bot Auth vectors live in ../shared/data only on machines that have it; the
// committed tests never depend on them (one test reads them when present).
const vectorsFile = path.resolve(
  import.meta.dirname,
  "../../../shared/data/web-bot-auth/web_bot_auth_architecture_v2.json",
);
const sharedVectors = existsSync(vectorsFile) ? readFileSync(vectorsFile, "utf8") : "";
const sharedFile = (name: string) => {
  const file = path.join(path.dirname(vectorsFile), name);
  return existsSync(file) ? readFileSync(file, "utf8") : "";
};
const sharedPeerUa = readPeerData(path.resolve(import.meta.dirname, "../../../shared/data"));

const project = await workerProject("ingest", "workers/ingest/wrangler.toml", { miniflare: { outboundService } });
project.test = {
  ...project.test,
  // One runtime, after the other projects: the Node-side outbound stand-in's fixtures and
  // hit counts (fixtures/outbound.ts) are one map for every runtime, so two files at once
  // would see each other's.
  maxWorkers: 1,
  sequence: { groupOrder: 1 },
  provide: {
    ...project.test?.provide,
    sharedWebBotAuthVectors: sharedVectors,
    sharedSignatureAgentVectors: sharedFile("web_bot_auth_signature_agent_v1.json"),
    sharedAgentCardVectors: sharedFile("web_bot_auth_signature_agent_card_v1.json"),
    sharedPeerUa,
  },
};

export default project;
