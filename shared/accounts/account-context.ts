import type { OAuthHelpers } from "@cloudflare/workers-oauth-provider";
import type { Database } from "../db/client";

/**
 * What the account use cases are given (password change and reset, ending sessions,
 * membership changes): the control plane, and the OAuth grants the account gave, which
 * follow the account (issue 41 #1). Built by the app per request (workers/app/account-context.ts).
 */
export interface AccountContext {
  db: Database;
  grants: OAuthHelpers;
  nowMs: number;
}
