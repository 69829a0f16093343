import { type Mail, sendMail } from "@shared/email/send-mail";
import { log } from "@shared/http/log";
import type { Context } from "hono";
import type { AppEnv } from "./app-env";

/**
 * The origin links in mail point to: PUBLIC_BASE_URL, which a deployment sets and `npm
 * start` sets to the origin it prints. Never the request's Host, which a forged request or
 * a page under a rebound name chooses (issue 41 #3). Unset, there is no origin to link to:
 * "" (links are relative, and mail is not sent: `sendAfterAnswer`).
 */
export function linkOrigin(c: Context<AppEnv>): string {
  return c.env.PUBLIC_BASE_URL ? new URL(c.env.PUBLIC_BASE_URL).origin : "";
}

/**
 * Sends `mail` after the answer has gone out (`waitUntil`), so the time a page takes never
 * says whether a mail was sent: the password-reset page answers alike for every address.
 */
export function sendAfterAnswer(c: Context<AppEnv>, mail: () => Promise<Mail | null>): void {
  if (!linkOrigin(c)) {
    log("warn", "mail not sent: PUBLIC_BASE_URL is not set, so its links would have no address", {
      request_id: c.get("requestId"),
    });
    return;
  }
  c.executionCtx.waitUntil(
    mail()
      .then((message) => (message ? sendMail(c.env, message) : undefined))
      .catch((err: unknown) => {
        log("error", "mail not prepared", { request_id: c.get("requestId"), error: String(err) });
      }),
  );
}
