import { workspaces } from "@schema";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { ok, type Result } from "../result/result";
import { parseTimeZone } from "../time/time-zone";

/**
 * Sets the workspace's time zone (docs/app.md "Time zone"): an IANA name the runtime
 * knows, stored as `parseTimeZone` spells it; anything else is refused as
 * `invalid_timezone` and nothing is written.
 */
export async function setWorkspaceTimeZone(
  db: Database,
  workspaceId: string,
  name: string,
): Promise<Result<string, "invalid_timezone">> {
  const zone = parseTimeZone(name.trim());
  if (!zone.ok) return zone;
  await db.update(workspaces).set({ timeZone: zone.value }).where(eq(workspaces.id, workspaceId));
  return ok(zone.value);
}
