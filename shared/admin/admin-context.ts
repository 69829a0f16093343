/**
 * What the local administration use cases are given (`npm run admin`, `npm run
 * migrate:analytics`, docs/decisions.md#1-running-it): the control plane and the sites'
 * analytics shards. No workspace and no actor: the operator of this machine addresses
 * workspaces by name. Built by the v1 Worker's /__admin routes, which answer only where
 * the local switch ADMIN_ROUTES is on.
 */
export interface AdminContext {
  env: { DB: D1Database; ANALYTICS_SHARD: DurableObjectNamespace };
  nowMs: number;
}
