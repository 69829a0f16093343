import { endEverySession } from "@shared/accounts/account-recovery";
import { endAppSession } from "@shared/accounts/app-sessions";
import type { Hono } from "hono";
import { accountContext } from "../account-context";
import type { AppEnv } from "../app-env";
import { clearSessionCookie, readSessionCookie } from "../cookies";
import { rotateCsrfToken } from "../middleware/csrf";
import { requireSignIn } from "../middleware/session";
import { appContext } from "../request-context";

export function registerSignOut(app: Hono<AppEnv>) {
  // Signing out of a session that is already gone is still a success.
  app.post("/app/sign-out", async (c) => {
    const token = readSessionCookie(c);
    if (token) await endAppSession(appContext(c), { token });
    clearSessionCookie(c);
    rotateCsrfToken(c);
    return c.redirect("/app/sign-in", 303);
  });

  // Ends every session of the user, on every device, this one included, and disconnects
  // every app connected through OAuth (shared/accounts/account-recovery.ts).
  app.post("/app/sign-out-everywhere", requireSignIn(), async (c) => {
    const ended = await endEverySession(accountContext(c), { userId: c.get("user").userId });
    clearSessionCookie(c);
    rotateCsrfToken(c);
    return c.redirect(`/app/sign-in?ended=all&apps=${ended.ok ? ended.value.disconnectedApps : 0}`, 303);
  });
}
