import { localMailbox } from "@schema";
import { desc } from "drizzle-orm";
import { prefixedId } from "../auth/random-token";
import { localSwitchOn } from "../config/local-switches";
import type { AppContext } from "../context/app-context";
import { database } from "../db/client";
import { log } from "../http/log";
import { ok, type Result } from "../result/result";

// The service's one way to send mail: Cloudflare Email Service through the Workers
// `send_email` binding (https://developers.cloudflare.com/email-service/api/send-emails/workers-api/,
// `SendEmail.send(builder)` with from/to/subject/text). Plain text only: every message
// is a sentence and a link, and a text body cannot carry markup from user input.

/** One message to one person. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Extra headers (List-Unsubscribe...): only those Email Service allows (docs/app.md "Notifications"). */
  headers?: Record<string, string>;
}

/** What a Worker needs to send mail: the binding, the sender, and D1 for the local mailbox. */
export interface MailEnv {
  EMAIL: SendEmail;
  /** An address on a domain onboarded to Email Service (docs/deploy.md); empty: mail is off. */
  MAIL_FROM: string;
  DB: D1Database;
  /** The local switch (docs/architecture.md "Local switches"); "1" keeps a copy for /app/__mailbox. */
  LOCAL_MAILBOX?: string;
}

export type MailOutcome =
  | { sent: true; messageId: string | null }
  | { sent: false; reason: "not_configured" | "send_failed" };

const SENDER_NAME = "Agent Readiness";
// Header injection is impossible through the builder (the runtime writes the headers),
// but a subject is still kept to one short line.
const SUBJECT_MAX = 200;

/**
 * Sends `mail`. In a local run (switch LOCAL_MAILBOX) the message is also kept in D1 for
 * /app/__mailbox, before sending, so it is readable even if the emulated send fails.
 * Never throws: a failure is logged (without the address or the body, which can hold a
 * secret link) and returned, and the caller's answer stays the same.
 */
export async function sendMail(env: MailEnv, mail: Mail, now = Date.now()): Promise<MailOutcome> {
  const subject = mail.subject.replace(/[\r\n]+/g, " ").slice(0, SUBJECT_MAX);
  if (localSwitchOn(env, "LOCAL_MAILBOX")) {
    await database(env.DB)
      .insert(localMailbox)
      .values({
        id: prefixedId("mail"),
        toAddress: mail.to,
        subject,
        text: mail.text,
        sentAt: now,
        headers: mail.headers && Object.keys(mail.headers).length > 0 ? JSON.stringify(mail.headers) : null,
      });
  }
  if (!env.MAIL_FROM) {
    log("warn", "mail not sent: MAIL_FROM is not set", { subject });
    return { sent: false, reason: "not_configured" };
  }
  try {
    const result = await env.EMAIL.send({
      from: { name: SENDER_NAME, email: env.MAIL_FROM },
      to: mail.to,
      subject,
      text: mail.text,
      ...(mail.headers && Object.keys(mail.headers).length > 0 ? { headers: mail.headers } : {}),
    });
    return { sent: true, messageId: result?.messageId ?? null };
  } catch (err) {
    log("error", "mail not sent", { subject, error: err instanceof Error ? err.message : String(err) });
    return { sent: false, reason: "send_failed" };
  }
}

export interface KeptMail {
  id: string;
  toAddress: string;
  subject: string;
  text: string;
  sentAt: number;
  headers: string | null;
}

/** The newest mail kept by local runs (the /app/__mailbox page); empty in a deployment. */
export async function readLocalMailbox(ctx: AppContext, input: { limit?: number }): Promise<Result<KeptMail[], never>> {
  const { limit = 50 } = input;
  return ok(
    await database(ctx.env.DB).select().from(localMailbox).orderBy(desc(localMailbox.sentAt)).limit(limit).all(),
  );
}
