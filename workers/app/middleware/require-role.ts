import { roleAtLeast, type WorkspaceRole } from "@shared/accounts/roles";
import type { MiddlewareHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "../app-env";

/** After `requireWorkspace()`: 403 unless the user's role is `least` or stronger. */
export function requireRole(least: WorkspaceRole): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!roleAtLeast(c.get("workspace").role, least)) {
      throw new HTTPException(403, {
        message: `This needs the ${least} role in ${c.get("workspace").name}; yours is ${c.get("workspace").role}.`,
      });
    }
    await next();
  };
}
