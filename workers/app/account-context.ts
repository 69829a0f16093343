import type { AccountContext } from "@shared/accounts/account-context";
import { grantHelpers } from "@shared/oauth/authorization-server";
import type { Context } from "hono";
import type { AppEnv } from "./app-env";
import { appContext } from "./request-context";

/** The account use cases' context for this request (shared/accounts/account-context.ts). */
export function accountContext(c: Context<AppEnv>): AccountContext {
  return { ...appContext(c), grants: grantHelpers(c.env) };
}
