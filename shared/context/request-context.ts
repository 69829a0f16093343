import { DEFAULT_TIME_ZONE } from "../time/time-zone";
import type { Scope } from "../vocabulary/scopes";

// What every read use case (shared/reads/) is given, built once per request by its
// transport: the v1 routes from the API key (workers/v1/middleware/read-context.ts), the
// app's pages from the signed-in member and the workspace (workers/app/request-context.ts),
// a test from test/helpers/test-context.ts. A use case takes the workspace, the time and
// the zone from here and never from its input, so a request cannot name another workspace.

/** The stores a read reaches: the control plane (D1) and the sites' analytics shards. */
export interface ReadEnv {
  DB: D1Database;
  ANALYTICS_SHARD: DurableObjectNamespace;
  /** Key of the signed list cursors (shared/cursor/keyset-cursor.ts); a built-in key when unset. */
  CURSOR_SECRET?: string;
}

/**
 * Who asks: an API key (v1, MCP through v1), a member signed in to the app, the service
 * itself (cron, mail), or a visitor of a site's shared link (shared/reads/shared-link-report.ts).
 */
export type Actor =
  | { kind: "api_key"; keyId: string; scopes: Scope[] }
  | { kind: "member"; userId: string }
  | { kind: "service"; job: string }
  | { kind: "shared_link"; linkId: string };

/** The actor as one string, `api_key:<id>`, `member:<id>`, `service:<job>`, `shared_link:<id>` (who saved a change). */
export function actorRef(actor: Actor): string {
  switch (actor.kind) {
    case "api_key":
      return `api_key:${actor.keyId}`;
    case "member":
      return `member:${actor.userId}`;
    case "service":
      return `service:${actor.job}`;
    case "shared_link":
      return `shared_link:${actor.linkId}`;
  }
}

/** `E`: the transport's bindings, for a use case that reaches more than a read does (an upload's salts). */
export interface RequestContext<E extends ReadEnv = ReadEnv> {
  env: E;
  /** The caller's workspace: every read is inside it. */
  workspaceId: string;
  actor: Actor;
  /** The request's "now" (epoch ms), read once: every window of the request ends at the same instant. */
  nowMs: number;
  /**
   * The zone of the request's days and hours when its input names none: the workspace's
   * zone on the app's pages and in mail, UTC in the v1 API (its `timezone` parameter's
   * default, docs/reports.md "Time zones").
   */
  timeZone: string;
  /** PUBLIC_BASE_URL or the request's origin (shared/sites/snippet.ts `serviceBaseUrl`). */
  baseUrl: string;
}

export function requestContext<E extends ReadEnv>(
  fields: Omit<RequestContext<E>, "nowMs" | "timeZone"> & { nowMs?: number; timeZone?: string },
): RequestContext<E> {
  return { ...fields, nowMs: fields.nowMs ?? Date.now(), timeZone: fields.timeZone ?? DEFAULT_TIME_ZONE };
}
