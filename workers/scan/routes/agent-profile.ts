import type { OpenAPIHono } from "@hono/zod-openapi";
import { agentProfile } from "@shared/scan/journey/agent-profile";
import { AGENT_PROFILE_PATH } from "@shared/scan/journey/run-journey";
import type { ScanAppEnv } from "../app-env";

// The UCP platform profile the scanner's MCP cart calls point to (meta["ucp-agent"].profile).
export function registerAgentProfile(app: OpenAPIHono<ScanAppEnv>) {
  app.get(AGENT_PROFILE_PATH, (c) => {
    const infoUrl = c.env.SCANNER_INFO_URL || `${new URL(c.req.url).origin}/#scanner`;
    c.header("Cache-Control", "public, max-age=3600");
    return c.json(agentProfile(infoUrl));
  });
}
