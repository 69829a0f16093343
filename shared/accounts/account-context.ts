import type { OAuthHelpers } from "@cloudflare/workers-oauth-provider";
import type { AppContext } from "../context/app-context";

/**
 * What the account use cases are given (password change and reset, ending sessions,
 * deleting the account, membership changes): the app's context (the control plane, now),
 * and the OAuth grants the account gave, which follow the account (issue 41 #1). Built
 * by the app per request (workers/app/account-context.ts).
 */
export interface AccountContext extends AppContext {
  grants: OAuthHelpers;
}
