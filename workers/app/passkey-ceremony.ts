import type { Context } from "hono";
import type { AppEnv } from "./app-env";

// The relying party is the host the application answers on (WebAuthn §5.1.2 "RP ID"),
// so a deployment needs no setting: a passkey made at agents.example.com works there only.
export const RP_NAME = "Agent Readiness";

export function relyingParty(c: Context<AppEnv>): { rpID: string; origin: string } {
  const url = new URL(c.req.url);
  return { rpID: url.hostname, origin: url.origin };
}

/** The browser's answer (`PublicKeyCredential.toJSON()`), sent as a form field; null if unreadable. */
export function parseCredentialField<T>(value: unknown): T | null {
  if (typeof value !== "string" || value.length > 8192) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed && typeof parsed === "object" && typeof (parsed as { id?: unknown }).id === "string"
      ? (parsed as T)
      : null;
  } catch {
    return null;
  }
}
