import type { AccountContext } from "@shared/accounts/account-context";
import type { SeatContext } from "@shared/accounts/member-seats";
import { grantHelpers } from "@shared/oauth/authorization-server";
import type { Context } from "hono";
import type { AppEnv } from "./app-env";
import { appContext, pageContext } from "./request-context";

/** The account use cases' context for this request (shared/accounts/account-context.ts). */
export function accountContext(c: Context<AppEnv>): AccountContext {
  return { ...appContext(c), grants: grantHelpers(c.env) };
}

/** A seat change's context for this request (shared/accounts/member-seats.ts): the page's, with the OAuth grants. */
export function seatContext(c: Context<AppEnv>): SeatContext {
  return { ...pageContext(c), grants: grantHelpers(c.env) };
}
