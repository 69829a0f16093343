import { issuePasswordResetLink, passwordResetLinkWorks } from "@shared/accounts/account-links";
import { resetPassword } from "@shared/accounts/account-recovery";
import { normalizeEmail } from "@shared/accounts/email";
import { passwordResetLimits, throttleSubject } from "@shared/accounts/login-throttle";
import { passwordProblem } from "@shared/accounts/password-policy";
import type { Context, Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { accountContext } from "../account-context";
import type { AppEnv } from "../app-env";
import { EmailField, PasswordField } from "../layout/account-fields";
import { Notice, PostForm } from "../layout/form";
import { renderPage, renderRefused } from "../layout/render";
import { linkOrigin, sendAfterAnswer } from "../mail-links";
import { pageValue } from "../refusal-page";
import { appContext } from "../request-context";
import { clientAddress, hitLimit, tryAgainIn } from "../throttle";

// Password reset by email (docs/app.md "Password reset"; OWASP Forgot Password Cheat
// Sheet): the request page answers the same for every address, the link's token is
// random, stored hashed, works once and for 30 minutes, and using it ends every session.
const PATH = "/app/password-reset";
const TITLE = "Reset password";
export const RESET_REQUESTED =
  "If an account uses that address, a link to choose a new password is on its way. It works once, for 30 minutes.";
export const RESET_LINK_INVALID = "This reset link is not valid: it was used, it expired, or it was mistyped.";

function RequestForm(props: { csrf: string; email?: string }) {
  return (
    <div class="auth">
      <p>Enter the email address of your account. We send a link to choose a new password.</p>
      <PostForm action={PATH} csrf={props.csrf}>
        <EmailField value={props.email} />
        <button type="submit">Send reset link</button>
      </PostForm>
      <p>
        <a href="/app/sign-in">Back to sign in</a>
      </p>
    </div>
  );
}

function NewPasswordForm(props: { csrf: string; token: string }) {
  return (
    <div class="auth">
      <PostForm action={`${PATH}/${props.token}`} csrf={props.csrf}>
        <PasswordField purpose="new-password" name="new_password" label="New password" />
        <button type="submit">Set new password</button>
      </PostForm>
    </div>
  );
}

function resetMail(origin: string, to: string, token: string) {
  return {
    to,
    subject: "Reset your Agent Readiness password",
    text: [
      "Someone, hopefully you, asked to reset the password of this Agent Readiness account.",
      "",
      `Choose a new password here (the link works once, for 30 minutes):`,
      `${origin}${PATH}/${token}`,
      "",
      "If you did not ask, ignore this mail: your password stays as it is.",
    ].join("\n"),
  };
}

async function throttled(c: Context<AppEnv>, email: string): Promise<number> {
  const [address, account] = await Promise.all([
    hitLimit(c, throttleSubject.address(clientAddress(c)), passwordResetLimits.address),
    hitLimit(c, throttleSubject.account(email), passwordResetLimits.account),
  ]);
  return Math.max(address.retryAfter, account.retryAfter);
}

export function registerPasswordReset(app: Hono<AppEnv>) {
  // `?sent=1` is where a request lands (Post/Redirect/Get): the same sentence for every
  // address, so the address is not in the URL and a reload sends no second mail.
  app.get(PATH, (c) =>
    renderPage(c, {
      title: TITLE,
      body:
        c.req.query("sent") === "1" ? (
          <div class="auth">
            <Notice kind="success">{RESET_REQUESTED}</Notice>
            <p>
              <a href="/app/sign-in">Back to sign in</a>
            </p>
          </div>
        ) : (
          <RequestForm csrf={c.get("csrfToken")} />
        ),
    }),
  );

  app.post(PATH, async (c) => {
    const form = await c.req.parseBody();
    const typed = typeof form.email === "string" ? form.email.slice(0, 320) : "";
    const email = normalizeEmail(typed);
    const again = (status: 400 | 429, message: string) =>
      renderRefused(c, {
        title: TITLE,
        status,
        message,
        form: <RequestForm csrf={c.get("csrfToken")} email={typed} />,
      });
    if (!email) return again(400, "Enter an email address such as name@example.com.");
    const retryAfter = await throttled(c, email);
    if (retryAfter > 0) {
      c.header("Retry-After", String(retryAfter));
      return again(429, `Too many reset requests. ${tryAgainIn(retryAfter)}`);
    }
    // Looked up and mailed after the answer, so registered and unknown addresses get the
    // same page in the same time (no account enumeration).
    const origin = linkOrigin(c);
    sendAfterAnswer(c, async () => {
      const link = pageValue(await issuePasswordResetLink(appContext(c), { email }));
      return link ? resetMail(origin, link.email, link.token) : null;
    });
    return c.redirect(`${PATH}?sent=1`, 303);
  });

  app.get(`${PATH}/:token`, async (c) => {
    const token = c.req.param("token");
    if (!pageValue(await passwordResetLinkWorks(appContext(c), { token }))) {
      throw new HTTPException(404, { message: RESET_LINK_INVALID });
    }
    return renderPage(c, {
      title: "Choose a new password",
      body: <NewPasswordForm csrf={c.get("csrfToken")} token={token} />,
    });
  });

  app.post(`${PATH}/:token`, async (c) => {
    const token = c.req.param("token");
    const form = await c.req.parseBody();
    const password = typeof form.new_password === "string" ? form.new_password : "";
    const problem = passwordProblem(password);
    if (problem) {
      return renderRefused(c, {
        title: "Choose a new password",
        status: 400,
        message: problem,
        form: <NewPasswordForm csrf={c.get("csrfToken")} token={token} />,
      });
    }
    // The new hash and the end of every session of the account, in one batch, then every
    // OAuth grant: whoever held a session or an app token (the reason for a reset, often) is out.
    const reset = await resetPassword(accountContext(c), { token, newPassword: password });
    if (!reset.ok) throw new HTTPException(404, { message: RESET_LINK_INVALID });
    return c.redirect(`/app/sign-in?reset=done&apps=${reset.value.disconnectedApps}`, 303);
  });
}
