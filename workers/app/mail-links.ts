import { type Mail, sendMail } from "@shared/email/send-mail";
import { log } from "@shared/http/log";
import type { Context } from "hono";
import type { AppEnv } from "./app-env";

/**
 * The origin links in mail point to: PUBLIC_BASE_URL when a deployment sets it (so a
 * forged Host header cannot put another host into a reset link), else the origin the
 * request came to (local runs).
 */
export function linkOrigin(c: Context<AppEnv>): string {
  const configured = c.env.PUBLIC_BASE_URL?.replace(/\/+$/, "");
  return configured || new URL(c.req.url).origin;
}

/**
 * Sends `mail` after the answer has gone out (`waitUntil`), so the time a page takes never
 * says whether a mail was sent: the password-reset page answers alike for every address.
 */
export function sendAfterAnswer(c: Context<AppEnv>, mail: () => Promise<Mail | null>): void {
  c.executionCtx.waitUntil(
    mail()
      .then((message) => (message ? sendMail(c.env, message) : undefined))
      .catch((err: unknown) => {
        log("error", "mail not prepared", { request_id: c.get("requestId"), error: String(err) });
      }),
  );
}
