import { env } from "cloudflare:workers";
import type { AppContext } from "../../shared/context/app-context";
import { type Actor, type ReadEnv, type RequestContext, requestContext } from "../../shared/context/request-context";

/**
 * A request context for calling a use case as a function (shared/reads/): the test
 * Worker's real bindings, a workspace, and the time and zone the test names. The actor
 * is a test key unless the test says otherwise.
 */
export function testContext(fields: {
  workspaceId: string;
  nowMs?: number;
  timeZone?: string;
  actor?: Actor;
}): RequestContext {
  return testContextWith({}, fields);
}

/**
 * The same context with `bindings` over the test Worker's: a stand-in for a binding the
 * project does not run (the scan Worker's MONITOR_CONTROL outside the scan project), or a
 * variable pinned for the test (OUTBOUND_RESOLVE).
 */
export function testContextWith<B extends object>(
  bindings: B,
  fields: { workspaceId: string; nowMs?: number; timeZone?: string; actor?: Actor },
): RequestContext<ReadEnv & B> {
  return requestContext({
    env: { ...(env as unknown as ReadEnv), ...bindings },
    workspaceId: fields.workspaceId,
    actor: fields.actor ?? { kind: "api_key", keyId: "key_test", scopes: ["traffic:read"] },
    nowMs: fields.nowMs,
    timeZone: fields.timeZone,
    baseUrl: "http://service.test",
  });
}

/** An app context (shared/context/app-context.ts) for an action before a workspace is known: the test Worker's bindings. */
export function testAppContext(fields: { nowMs?: number } = {}): AppContext {
  return {
    env: env as unknown as AppContext["env"],
    nowMs: fields.nowMs ?? Date.now(),
    baseUrl: "http://service.test",
  };
}
