import type { AccountContext } from "@shared/accounts/account-context";
import { grantHelpers } from "@shared/oauth/authorization-server";
import type { GrantsContext } from "@shared/oauth/connected-apps";
import type { Context } from "hono";
import type { AppEnv } from "./app-env";
import { appContext, pageContext } from "./request-context";

/** The account use cases' context for this request (shared/accounts/account-context.ts). */
export function accountContext(c: Context<AppEnv>): AccountContext {
  return { ...appContext(c), grants: grantHelpers(c.env) };
}

/** The page's context with the OAuth grants (shared/oauth/connected-apps.ts): seat changes, Connected apps. */
export function grantsContext(c: Context<AppEnv>): GrantsContext {
  return { ...pageContext(c), grants: grantHelpers(c.env) };
}
