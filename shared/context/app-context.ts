// What an app action is given before a workspace is known (sign-up, sign-in, a password
// reset, the session lookup of every page, a one-time flash, an unsubscribe link): the
// control plane, the request's now and its base URL. Built once per request by the app
// (workers/app/request-context.ts `appContext`); a workspace's page adds the workspace,
// the actor and the zone (request-context.ts `RequestContext`, which is also an
// AppContext). The use cases reach D1 themselves (shared/db/client.ts), so a Worker
// never holds a database handle.

/** The store an app action reaches: the control plane (D1). */
export interface AppContextEnv {
  DB: D1Database;
}

export interface AppContext<E extends AppContextEnv = AppContextEnv> {
  env: E;
  /** The request's "now" (epoch ms), read once. */
  nowMs: number;
  /** PUBLIC_BASE_URL or the request's origin (shared/sites/snippet.ts `serviceBaseUrl`). */
  baseUrl: string;
}
