import { changePassword } from "@shared/accounts/account-recovery";
import { newPasswordProblem } from "@shared/accounts/password-change";
import type { Hono } from "hono";
import { accountContext } from "../account-context";
import type { AppEnv } from "../app-env";
import { PasswordField } from "../layout/account-fields";
import { Notice, PostForm } from "../layout/form";
import { renderPage, renderRefused } from "../layout/render";
import { requireSignIn } from "../middleware/session";
import { checkPassword } from "../password-check";
import { signInAs } from "../session-start";
import { tryAgainIn } from "../throttle";

const PATH = "/app/settings/password";
const TITLE = "Change password";
// Sign-in's answer to a wrong password (401, one sentence); here the email is known, so
// the sentence names only the password.
export const CURRENT_PASSWORD_WRONG = "The current password is not right.";

function ChangePasswordForm(props: { csrf: string; email: string }) {
  return (
    <div class="auth">
      <PostForm action={PATH} csrf={props.csrf}>
        {/* Tells password managers which account's entry to update; not sent. */}
        <input type="email" autocomplete="username" value={props.email} hidden readonly />
        <PasswordField purpose="current-password" name="current_password" label="Current password" />
        <PasswordField purpose="new-password" name="new_password" label="New password" />
        <button type="submit">Change password</button>
      </PostForm>
      <p>
        Changing the password ends every other session of this account, on every device.{" "}
        <a href="/app/settings">Back to Settings</a>
      </p>
    </div>
  );
}

/**
 * The end of the "changed" sentence: how many connected apps (OAuth grants) were
 * disconnected with the sessions, from the redirect's `apps` count.
 */
export function disconnectedText(count: string | undefined): string {
  const n = Number(count);
  if (!Number.isInteger(n) || n <= 0) return ", and no app was connected through OAuth.";
  return `, and ${n === 1 ? "the one app" : `all ${n} apps`} connected through OAuth ${n === 1 ? "was" : "were"} disconnected: connect the ones you use again.`;
}

// docs/app.md "Password change": the current password is verified and throttled exactly as
// at sign-in (the same per-account and per-address failure windows), so this form is no
// faster way to guess it.
export function registerPassword(app: Hono<AppEnv>) {
  app.get(PATH, requireSignIn(), (c) =>
    renderPage(c, {
      title: TITLE,
      body:
        c.req.query("changed") === "1" ? (
          <>
            <Notice kind="success">
              Your password is changed. Every other session of this account has ended
              {disconnectedText(c.req.query("apps"))}
            </Notice>
            <p>
              Passkeys are not changed by this. <a href="/app/settings">Review them in Settings</a> and remove any you
              did not add: that ends the sessions they signed in.
            </p>
          </>
        ) : (
          <ChangePasswordForm csrf={c.get("csrfToken")} email={c.get("user").email} />
        ),
    }),
  );

  app.post(PATH, requireSignIn(), async (c) => {
    const user = c.get("user");
    const form = await c.req.parseBody();
    const current = typeof form.current_password === "string" ? form.current_password : "";
    const next = typeof form.new_password === "string" ? form.new_password : "";
    const again = (status: 400 | 401 | 429, message: string) =>
      renderRefused(c, {
        title: TITLE,
        status,
        message,
        form: <ChangePasswordForm csrf={c.get("csrfToken")} email={user.email} />,
      });
    const problem = newPasswordProblem(current, next);
    if (problem) return again(400, problem);
    const check = await checkPassword(c, user.email, current);
    if (check.outcome === "throttled") {
      c.header("Retry-After", String(check.retryAfter));
      return again(429, `Too many wrong passwords. ${tryAgainIn(check.retryAfter)}`);
    }
    if (check.outcome === "wrong") return again(401, CURRENT_PASSWORD_WRONG);
    const changed = await changePassword(accountContext(c), { userId: user.userId, newPassword: next });
    // Every session ended with the old password; this browser goes on with a freshly minted
    // one, as after sign-in (new token, new CSRF token).
    await signInAs(c, user.userId, c.get("sessionWorkspaceId"));
    // Post/Redirect/Get: a reload of the answer must not post the form again.
    return c.redirect(`${PATH}?changed=1&apps=${changed.ok ? changed.value.disconnectedApps : 0}`, 303);
  });
}
