import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { sendMail } from "../../shared/email/send-mail";
import { keptMail } from "../helpers/local-mailbox";

// shared/email/send-mail.ts against the send_email binding as the vitest pool emulates it
// (Miniflare's local Email Service: the message is validated and logged, nothing leaves).
describe("sendMail", () => {
  it("sends through the EMAIL binding and keeps a copy in the local mailbox", async () => {
    const to = `mail-${crypto.randomUUID()}@example.com`;
    const outcome = await sendMail(env, { to, subject: "Hello\r\nBcc: evil@example.com", text: "Body line" });
    expect(outcome).toMatchObject({ sent: true });
    expect(outcome.sent && typeof outcome.messageId).toBe("string");
    const kept = (await keptMail(200)).find((m) => m.toAddress === to);
    // The subject is one line: a CR/LF cannot start a header of its own.
    expect(kept?.subject).toBe("Hello Bcc: evil@example.com");
    expect(kept?.text).toBe("Body line");
  });

  it("sends nothing without MAIL_FROM and says so, without throwing", async () => {
    const outcome = await sendMail({ ...env, MAIL_FROM: "" }, { to: "x@example.com", subject: "s", text: "t" });
    expect(outcome).toEqual({ sent: false, reason: "not_configured" });
  });

  it("keeps nothing locally when the LOCAL_MAILBOX switch is off (a deployment)", async () => {
    const to = `deployed-${crypto.randomUUID()}@example.com`;
    await sendMail({ ...env, LOCAL_MAILBOX: "" }, { to, subject: "s", text: "t" });
    expect((await keptMail(500)).some((m) => m.toAddress === to)).toBe(false);
  });
});
