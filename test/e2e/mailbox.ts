import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";

// The local mailbox (/app/__mailbox, the LOCAL_MAILBOX switch, docs/app.md "Email") as the
// e2e tests read it: mail is sent after the answer that caused it (and the weekly report
// by a cron run), so a test looks until the message is listed rather than once.

export interface MailQuery {
  /** The recipient, matched whole (an address that is part of another does not match). */
  to: string;
  /** Matched against the subject: a RegExp, or a string the subject contains. */
  subject: string | RegExp;
  /** How long to keep looking; generous, since a loaded machine sends late. */
  timeoutMs?: number;
}

const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Opens the local mailbox in `page` until it lists a message to `to` whose subject matches,
 * and returns that message (the newest such) as an `article` locator, for its text and
 * links: `(await waitForMail(page, baseUrl, q)).locator('a[href*="/reset/"]').click()`.
 * Fails with the query in the message when the deadline passes.
 */
export async function waitForMail(page: Page, baseUrl: string, query: MailQuery): Promise<Locator> {
  const subject = typeof query.subject === "string" ? new RegExp(literal(query.subject), "i") : query.subject;
  const mail = page
    .locator("article.mail")
    .filter({ has: page.locator("h2", { hasText: subject }) })
    .filter({ has: page.locator("p > bdi", { hasText: new RegExp(`^${literal(query.to)}$`) }) })
    .first();
  await expect
    .poll(
      async () => {
        await page.goto(`${baseUrl}/app/__mailbox`);
        return mail.count();
      },
      { timeout: query.timeoutMs ?? 60_000, interval: 500, message: `mail to ${query.to} with subject ${subject}` },
    )
    .toBe(1);
  return mail;
}
