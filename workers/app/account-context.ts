import type { AccountContext } from "@shared/accounts/account-context";
import { database } from "@shared/db/client";
import { grantHelpers } from "@shared/oauth/authorization-server";
import type { Context } from "hono";
import type { AppEnv } from "./app-env";

/** The account use cases' context for this request (shared/accounts/account-context.ts). */
export function accountContext(c: Context<AppEnv>): AccountContext {
  return { db: database(c.env.DB), grants: grantHelpers(c.env), nowMs: Date.now() };
}
