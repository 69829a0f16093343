import { workspaces } from "@schema";
import { eq } from "drizzle-orm";
import type { RequestContext } from "../context/request-context";
import { database } from "../db/client";
import { ok, type Result } from "../result/result";
import { DEFAULT_TIME_ZONE, parseTimeZone } from "../time/time-zone";

/**
 * Sets the workspace's time zone (docs/app.md "Time zone"): an IANA name the runtime
 * knows, stored as `parseTimeZone` spells it; anything else is refused as
 * `invalid_timezone` and nothing is written. The workspace is the context's.
 */
export async function setWorkspaceTimeZone(
  ctx: RequestContext,
  input: { timeZone: string },
): Promise<Result<string, "invalid_timezone">> {
  const zone = parseTimeZone(input.timeZone.trim());
  if (!zone.ok) return zone;
  await database(ctx.env.DB).update(workspaces).set({ timeZone: zone.value }).where(eq(workspaces.id, ctx.workspaceId));
  return ok(zone.value);
}

/**
 * A new workspace's zone from the browser's guess (docs/app.md "Time zone"): the app
 * script puts `Intl.DateTimeFormat().resolvedOptions().timeZone` in a hidden field of
 * the sign-up and new-workspace forms. Anything the runtime's tz database does not name
 * (no script, an old browser's `undefined`, a forged value) gives `UTC`, never a refusal:
 * the form's owner did not type it.
 */
export function initialTimeZone(guess: unknown): string {
  if (typeof guess !== "string") return DEFAULT_TIME_ZONE;
  const zone = parseTimeZone(guess.trim().slice(0, 64));
  return zone.ok ? zone.value : DEFAULT_TIME_ZONE;
}
