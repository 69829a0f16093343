import type { Hono } from "hono";
import type { AppEnv } from "../app-env";

// Common spellings of the account pages lead to the real ones (GET only; forms post to
// the canonical paths).
const aliases: Record<string, string> = {
  "/app/login": "/app/sign-in",
  "/app/signin": "/app/sign-in",
  "/app/signup": "/app/sign-up",
  "/app/register": "/app/sign-up",
  "/app/settings/keys": "/app/settings/api-keys",
};

export function registerAliases(app: Hono<AppEnv>) {
  for (const [from, to] of Object.entries(aliases)) app.get(from, (c) => c.redirect(to, 301));
  app.get("/app/", (c) => c.redirect("/app", 301));
}
