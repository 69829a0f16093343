// The event kinds, declared once (docs/ingest.md "Beacon protocol"): the beacon
// validator, the queue message type, the ingest_events column and the outcome evidence
// use these arrays. The snippet (workers/ingest/snippet/agent.js) is browser code built
// apart and spells its commerce kinds itself; test/e2e/snippet-build.test.ts runs it.

/**
 * Kinds the snippet's beacon may send. `agent_submit`: a form the browser's agent
 * submitted (WebMCP `SubmitEvent.agentInvoked`); `tool_activated` / `tool_canceled`: a
 * WebMCP declarative tool filled by an agent, or its run canceled (the `toolactivated`,
 * `toolcanceled` events; webmachinelearning/webmcp, declarative-api-explainer.md).
 */
export const BEACON_KINDS = [
  "pageview",
  "leave",
  "add_to_cart",
  "begin_checkout",
  "purchase",
  "interaction",
  "agent_submit",
  "tool_activated",
  "tool_canceled",
] as const;
/** Every stored kind: the beacon's, plus `request` for a server-side record (POST /api/v1/events). */
export const EVENT_KINDS = [...BEACON_KINDS, "request"] as const;
export type EventKind = (typeof EVENT_KINDS)[number];
