import { endAllSessions, endSessionByToken } from "@shared/accounts/session-repository";
import { database } from "@shared/db/client";
import type { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { clearSessionCookie, readSessionCookie } from "../cookies";
import { rotateCsrfToken } from "../middleware/csrf";
import { requireSignIn } from "../middleware/session";

export function registerSignOut(app: Hono<AppEnv>) {
  // Signing out of a session that is already gone is still a success.
  app.post("/app/sign-out", async (c) => {
    const token = readSessionCookie(c);
    if (token) await endSessionByToken(database(c.env.DB), token);
    clearSessionCookie(c);
    rotateCsrfToken(c);
    return c.redirect("/app/sign-in", 303);
  });

  // Ends every session of the user, on every device, this one included.
  app.post("/app/sign-out-everywhere", requireSignIn(), async (c) => {
    await endAllSessions(database(c.env.DB), c.get("user").userId);
    clearSessionCookie(c);
    rotateCsrfToken(c);
    return c.redirect("/app/sign-in", 303);
  });
}
