import { normalizeEmail } from "@shared/accounts/email";
import { afterPasswordSignIn, localOwnerSignUpOpen } from "@shared/accounts/sign-in";
import type { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { EmailField, PasswordField } from "../layout/account-fields";
import { Notice, PostForm } from "../layout/form";
import { PasskeyButton } from "../layout/passkey-button";
import { renderPage, renderRefused } from "../layout/render";
import { checkPassword } from "../password-check";
import { pageValue } from "../refusal-page";
import { appContext } from "../request-context";
import { safeNext, signInAs } from "../session-start";
import { tryAgainIn } from "../throttle";
import { splitWorkspacePath } from "../workspace-path";
import { disconnectedText } from "./password";

// One sentence for every wrong email/password combination, so the answer never says
// whether an email is registered (OWASP Authentication Cheat Sheet, "Authentication and
// Error Messages"). Unknown emails still cost one password verification (dummy hash).
export const SIGN_IN_FAILED = "The email or password is not right.";

function SignInForm(props: {
  csrf: string;
  next: string;
  email?: string;
  noAccountYet: boolean;
  notice?: string | null;
}) {
  return (
    <div class="auth">
      {props.notice ? <Notice kind="success">{props.notice}</Notice> : null}
      {props.noAccountYet ? (
        <Notice kind="info">
          No account exists yet. <a href="/app/sign-up">Create the owner account</a> to get started.
        </Notice>
      ) : null}
      <PostForm action="/app/sign-in" csrf={props.csrf}>
        <input type="hidden" name="next" value={props.next} />
        <EmailField value={props.email} />
        <PasswordField purpose="current-password" />
        <button type="submit">Sign in</button>
      </PostForm>
      <PasskeyButton csrf={props.csrf} kind="sign-in" label="Use a passkey" />
      <p>
        <a href="/app/password-reset">Forgot your password?</a>
      </p>
      <p>
        New here? <a href="/app/sign-up">Create account</a>
      </p>
    </div>
  );
}

/** What the sign-in page says to someone sent here after a reset, "End all sessions" or an account deletion. */
function arrivalNotice(query: (name: string) => string | undefined): string | null {
  if (query("reset") === "done")
    return `Your password is changed. Every session of the account has ended${disconnectedText(query("apps"))} Sign in.`;
  if (query("ended") === "all")
    return `Every session of the account has ended${disconnectedText(query("apps"))} Sign in.`;
  if (query("deleted") === "1") return "Your account is deleted.";
  return null;
}

export function registerSignIn(app: Hono<AppEnv>) {
  app.get("/app/sign-in", async (c) => {
    const noAccountYet = pageValue(await localOwnerSignUpOpen(appContext(c), {}));
    const next = safeNext(c.req.query("next"));
    return renderPage(c, {
      title: "Sign in",
      body: (
        <SignInForm
          csrf={c.get("csrfToken")}
          next={next}
          noAccountYet={noAccountYet}
          notice={arrivalNotice((name) => c.req.query(name))}
        />
      ),
    });
  });

  app.post("/app/sign-in", async (c) => {
    const form = await c.req.parseBody();
    const next = safeNext(form.next);
    const typed = typeof form.email === "string" ? form.email.slice(0, 320) : "";
    const password = typeof form.password === "string" ? form.password : "";
    const email = normalizeEmail(typed);
    const again = (status: 400 | 401 | 429, message: string) =>
      renderRefused(c, {
        title: "Sign in",
        status,
        message,
        form: <SignInForm csrf={c.get("csrfToken")} next={next} email={typed} noAccountYet={false} />,
      });
    const check = await checkPassword(c, email ?? "", password);
    if (check.outcome === "throttled") {
      c.header("Retry-After", String(check.retryAfter));
      return again(429, `Too many failed sign-ins. ${tryAgainIn(check.retryAfter)}`);
    }
    if (check.outcome === "wrong") return again(401, SIGN_IN_FAILED);
    // The session starts in the workspace the page asked for names, so signing in again
    // from a tab of workspace B does not move the short addresses to another one.
    const wantedWorkspaceId = splitWorkspacePath(next.split(/[?#]/)[0] ?? "").workspaceId;
    const { user } = check;
    const start = pageValue(await afterPasswordSignIn(appContext(c), { user, password, wantedWorkspaceId }));
    await signInAs(c, user.id, start.workspaceId);
    return c.redirect(next, 303);
  });
}
