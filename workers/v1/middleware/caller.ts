import type { Scope } from "@shared/auth/scopes";

/** Who a v1 request is from, as the bearer middleware (api-key.ts) or an internal call (internal-call.ts) sets it. */
export interface ApiKeyContext {
  keyId: string;
  workspaceId: string;
  scopes: Scope[];
}
