import { normalizeEmail } from "@shared/accounts/email";
import { passwordProblem } from "@shared/accounts/password-policy";
import { createAccount, type OpenInvite, signUpAsExisting, signUpFacts, signUpWay } from "@shared/accounts/sign-up";
import { signUpRefusals } from "@shared/accounts/sign-up-policy";
import { WORKSPACE_NAME_MAX_LENGTH } from "@shared/accounts/workspace-name";
import { initialTimeZone } from "@shared/accounts/workspace-time-zone";
import type { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { BrowserTimeZoneField, EmailField, PasswordField } from "../layout/account-fields";
import { Notice, PostForm } from "../layout/form";
import { renderPage, renderRefused } from "../layout/render";
import { checkPassword } from "../password-check";
import { pageValue } from "../refusal-page";
import { appContext } from "../request-context";
import { signInAs } from "../session-start";
import { hitSignUp, tryAgainIn } from "../throttle";
import { workspacePath } from "../workspace-path";

// Same sentence whether the email is taken or not, as far as sign-up without email
// delivery allows (docs/app.md "Enumeration"): a taken email with its right password
// simply signs in.
export const SIGN_UP_FAILED =
  "An account could not be created with this email and password. If you already have an account, sign in.";

interface SignUpFormProps {
  csrf: string;
  email?: string;
  invite?: { token: string; workspaceName: string; role: string };
  askWorkspace: boolean;
  askBootstrap: boolean;
}

export function SignUpForm(props: SignUpFormProps) {
  return (
    <div class="auth">
      {props.invite ? (
        <Notice kind="info">
          You are invited to <strong>{props.invite.workspaceName}</strong> as {props.invite.role}.
        </Notice>
      ) : null}
      <PostForm action="/app/sign-up" csrf={props.csrf}>
        {props.invite ? <input type="hidden" name="invite" value={props.invite.token} /> : null}
        <EmailField value={props.email} />
        <PasswordField purpose="new-password" />
        {props.askWorkspace ? <BrowserTimeZoneField /> : null}
        {props.askWorkspace ? (
          <div class="field">
            <label for="workspace">Workspace name</label>
            <input
              id="workspace"
              name="workspace"
              type="text"
              maxlength={WORKSPACE_NAME_MAX_LENGTH}
              aria-describedby="workspace-hint"
            />
            <p class="hint" id="workspace-hint">
              Optional: your shop or company. You can invite others to it later.
            </p>
          </div>
        ) : null}
        {props.askBootstrap ? (
          <div class="field">
            <label for="bootstrap_secret">Bootstrap secret</label>
            <input id="bootstrap_secret" name="bootstrap_secret" type="password" autocomplete="off" required />
            <p class="hint">The BOOTSTRAP_SECRET set at deploy time; needed only for the first account.</p>
          </div>
        ) : null}
        <button type="submit">Create account</button>
      </PostForm>
      <p>
        Have an account?{" "}
        <a href={props.invite ? `/app/sign-in?next=/app/invite/${props.invite.token}` : "/app/sign-in"}>Sign in</a>
      </p>
    </div>
  );
}

function inviteProps(token: string, invite: OpenInvite) {
  return { token, workspaceName: invite.workspaceName, role: invite.role };
}

function defaultWorkspaceName(email: string): string {
  return `${email.split("@")[0]}'s workspace`;
}

export function registerSignUp(app: Hono<AppEnv>) {
  app.get("/app/sign-up", async (c) => {
    const { firstOwner, askBootstrap, open } = pageValue(await signUpFacts(appContext(c), { inviteToken: "" }));
    const intro = firstOwner ? (
      <Notice kind="info">This first account becomes the owner of the first workspace.</Notice>
    ) : !open ? (
      <Notice kind="info">{signUpRefusals.invite_only}</Notice>
    ) : null;
    return renderPage(c, {
      title: "Create account",
      body: (
        <>
          {intro}
          <SignUpForm csrf={c.get("csrfToken")} askWorkspace={firstOwner || open} askBootstrap={askBootstrap} />
        </>
      ),
    });
  });

  app.post("/app/sign-up", async (c) => {
    const form = await c.req.parseBody();
    const str = (name: string, max: number) =>
      typeof form[name] === "string" ? (form[name] as string).slice(0, max) : "";
    const typed = str("email", 320);
    const password = typeof form.password === "string" ? form.password : "";
    const inviteToken = str("invite", 64);
    const facts = pageValue(await signUpFacts(appContext(c), { inviteToken }));
    const { firstOwner, invite, askBootstrap, open } = facts;

    const again = (status: 400 | 403 | 429, message: string) =>
      renderRefused(c, {
        title: "Create account",
        status,
        message,
        form: (
          <SignUpForm
            csrf={c.get("csrfToken")}
            email={typed}
            invite={invite ? inviteProps(inviteToken, invite) : undefined}
            askWorkspace={!invite && (firstOwner || open)}
            askBootstrap={askBootstrap}
          />
        ),
      });

    const allowance = await hitSignUp(c);
    if (!allowance.allowed) {
      c.header("Retry-After", String(allowance.retryAfter));
      return again(429, "Too many sign-up attempts from this address. Try again later.");
    }
    const email = normalizeEmail(typed);
    if (!email) return again(400, "Enter an email address such as name@example.com.");
    const weak = passwordProblem(password);
    if (weak) return again(400, weak);

    const path = pageValue(
      await signUpWay(appContext(c), {
        facts,
        inviteSent: inviteToken !== "",
        bootstrapSecret: str("bootstrap_secret", 512) || undefined,
      }),
    );
    if (!path.ok) return again(403, signUpRefusals[path.reason]);

    const join =
      path.path === "invite" && invite
        ? { invite }
        : {
            workspaceName: str("workspace", WORKSPACE_NAME_MAX_LENGTH).trim() || defaultWorkspaceName(email),
            timeZone: initialTimeZone(form.timezone),
          };
    const created = pageValue(await createAccount(appContext(c), { email, password, join }));
    if (!created) {
      // The email is taken. With its right password this is a sign-in, checked and
      // throttled exactly as one (else this form would guess passwords past the sign-in
      // limit); otherwise the same refusal as any other failure.
      const check = await checkPassword(c, email, password);
      if (check.outcome === "throttled") {
        c.header("Retry-After", String(check.retryAfter));
        return again(429, `Too many failed sign-ins. ${tryAgainIn(check.retryAfter)}`);
      }
      if (check.outcome === "wrong") return again(400, SIGN_UP_FAILED);
      const landing = pageValue(await signUpAsExisting(appContext(c), { userId: check.user.id, invite })).workspaceId;
      await signInAs(c, check.user.id, landing);
      return c.redirect(landing ? workspacePath(landing, "") : "/app", 303);
    }
    await signInAs(c, created.userId, created.workspaceId);
    return c.redirect(workspacePath(created.workspaceId, ""), 303);
  });
}
