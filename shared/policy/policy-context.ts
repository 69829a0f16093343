import type { AgentReportEnv } from "../reports/agent-reports";

/**
 * What every policy use case is called with (docs/policy.md): the bindings, the
 * caller's workspace (every lookup is keyed by it, so another workspace's site answers
 * like a missing one), who acts and the clock. Transports build it: the v1 routes from
 * the API key, the app from its session.
 */
export interface PolicyContext {
  env: AgentReportEnv;
  workspaceId: string;
  /** `user:<id>` (the app) or `key:<id>` (v1 and MCP): who a write is recorded as. */
  actor: string;
  nowMs: number;
}
