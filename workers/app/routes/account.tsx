import { accountDeletionPlan, deleteOwnAccount } from "@shared/accounts/account-deletion";
import { confirmEmailChange, emailChangeLinkAddress, issueEmailChangeLink } from "@shared/accounts/account-links";
import { normalizeEmail } from "@shared/accounts/email";
import type { Context, Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { accountContext } from "../account-context";
import type { AppEnv } from "../app-env";
import { clearSessionCookie } from "../cookies";
import { PasswordField } from "../layout/account-fields";
import { Notice, PostForm } from "../layout/form";
import { renderPage, renderRefused } from "../layout/render";
import { linkOrigin, sendAfterAnswer } from "../mail-links";
import { requireSignIn } from "../middleware/session";
import { checkPassword } from "../password-check";
import { pageValue } from "../refusal-page";
import { appContext } from "../request-context";
import { tryAgainIn } from "../throttle";

// Settings → Account: change the email address (confirmed from the new address) and
// delete the account (docs/app.md "Email change", "Renaming and deleting"). Both ask for
// the current password, checked and throttled as at sign-in.
const EMAIL_PATH = "/app/settings/email";
const DELETE_PATH = "/app/settings/account/delete";
export const EMAIL_LINK_INVALID = "This confirmation link is not valid: it was used, it expired, or it was mistyped.";

function EmailForm(props: { csrf: string; current: string; typed?: string }) {
  return (
    <div class="auth">
      <p>
        Your address is <bdi>{props.current}</bdi>. We send a link to the new address; the change happens when it is
        opened there (within 24 hours).
      </p>
      <PostForm action={EMAIL_PATH} csrf={props.csrf}>
        <div class="field">
          <label for="new_email">New email</label>
          <input id="new_email" name="new_email" type="email" autocomplete="email" required value={props.typed ?? ""} />
        </div>
        <PasswordField purpose="current-password" name="current_password" label="Current password" />
        <button type="submit">Send confirmation link</button>
      </PostForm>
    </div>
  );
}

function DeleteForm(props: { csrf: string; deletes: string[]; blockers: string[] }) {
  return (
    <div class="auth">
      {props.blockers.length > 0 ? (
        <>
          <Notice kind="error">The account cannot be deleted yet:</Notice>
          <ul>
            {props.blockers.map((b) => (
              <li>{b}</li>
            ))}
          </ul>
        </>
      ) : (
        <>
          <p>
            Deleting your account ends every session, removes your passkeys and your memberships, and withdraws the
            invitations you made. It cannot be undone.
          </p>
          {props.deletes.length > 0 ? (
            <p>
              You are the only member of these workspaces, which are deleted with the account (their API keys stop
              working): <bdi>{props.deletes.join(", ")}</bdi>.
            </p>
          ) : null}
          <PostForm action={DELETE_PATH} csrf={props.csrf}>
            <PasswordField purpose="current-password" name="current_password" label="Current password" />
            <button type="submit" class="danger">
              Delete my account
            </button>
          </PostForm>
        </>
      )}
      <p>
        <a href="/app/settings">Back to Settings</a>
      </p>
    </div>
  );
}

async function deletionPlan(c: Context<AppEnv>) {
  return pageValue(await accountDeletionPlan(appContext(c), { userId: c.get("user").userId }));
}

export function registerAccount(app: Hono<AppEnv>) {
  app.get(EMAIL_PATH, requireSignIn(), (c) =>
    renderPage(c, {
      title: "Change email",
      body: (
        <>
          {c.req.query("sent") === "1" ? (
            <Notice kind="success">
              A confirmation link is on its way to the new address. Your address changes when it is opened.
            </Notice>
          ) : null}
          <EmailForm csrf={c.get("csrfToken")} current={c.get("user").email} />
        </>
      ),
    }),
  );

  app.post(EMAIL_PATH, requireSignIn(), async (c) => {
    const user = c.get("user");
    const form = await c.req.parseBody();
    const typed = typeof form.new_email === "string" ? form.new_email.slice(0, 320) : "";
    const again = (status: 400 | 401 | 429, message: string) =>
      renderRefused(c, {
        title: "Change email",
        status,
        message,
        form: <EmailForm csrf={c.get("csrfToken")} current={user.email} typed={typed} />,
      });
    const next = normalizeEmail(typed);
    if (!next) return again(400, "Enter an email address such as name@example.com.");
    if (next === user.email) return again(400, "That is already your address.");
    const refused = await refuseWrongPassword(c, user.email, form.current_password, again);
    if (refused) return refused;
    // Whether the new address already has an account is not said here (it is found out,
    // and refused, when the link is opened), so this form reveals no other account.
    const origin = linkOrigin(c);
    sendAfterAnswer(c, async () => {
      const { token } = pageValue(await issueEmailChangeLink(appContext(c), { userId: user.userId, newEmail: next }));
      return {
        to: next,
        subject: "Confirm your new Agent Readiness email address",
        text: [
          `Someone signed in to Agent Readiness as ${user.email} asked to use this address instead.`,
          "",
          "Confirm here (the link works once, for 24 hours):",
          `${origin}${EMAIL_PATH}/confirm/${token}`,
          "",
          "If you did not ask, ignore this mail: nothing changes.",
        ].join("\n"),
      };
    });
    // The current address hears of it too, so a stolen session cannot move the account quietly.
    sendAfterAnswer(c, async () => ({
      to: user.email,
      subject: "Your Agent Readiness email address is about to change",
      text: [
        `A change of this account's address to ${next} was requested and waits for confirmation from that address.`,
        "",
        "If this was not you, change your password and end all sessions in Settings.",
      ].join("\n"),
    }));
    return c.redirect(`${EMAIL_PATH}?sent=1`, 303);
  });

  app.get(`${EMAIL_PATH}/confirm/:token`, async (c) => {
    const token = c.req.param("token");
    const newEmail = pageValue(await emailChangeLinkAddress(appContext(c), { token }));
    if (!newEmail) throw new HTTPException(404, { message: EMAIL_LINK_INVALID });
    return renderPage(c, {
      title: "Confirm new email",
      body: (
        <PostForm action={`${EMAIL_PATH}/confirm/${token}`} csrf={c.get("csrfToken")}>
          <p>
            Use <bdi>{newEmail}</bdi> to sign in from now on?
          </p>
          <button type="submit">Confirm new email</button>
        </PostForm>
      ),
    });
  });

  app.post(`${EMAIL_PATH}/confirm/:token`, async (c) => {
    const confirmed = pageValue(await confirmEmailChange(appContext(c), { token: c.req.param("token") }));
    if (confirmed === "invalid") throw new HTTPException(404, { message: EMAIL_LINK_INVALID });
    if (confirmed === "taken") {
      throw new HTTPException(409, { message: "That address now belongs to another account. Nothing changed." });
    }
    return c.redirect("/app/settings?email=changed", 303);
  });

  app.get(DELETE_PATH, requireSignIn(), async (c) => {
    const plan = await deletionPlan(c);
    return renderPage(c, {
      title: "Delete account",
      body: (
        <DeleteForm
          csrf={c.get("csrfToken")}
          deletes={plan.deleteWorkspaces.map((w) => w.name)}
          blockers={plan.blockers}
        />
      ),
    });
  });

  app.post(DELETE_PATH, requireSignIn(), async (c) => {
    const user = c.get("user");
    const form = await c.req.parseBody();
    const plan = await deletionPlan(c);
    const again = (status: 401 | 409 | 429, message: string) =>
      renderRefused(c, {
        title: "Delete account",
        status,
        message,
        form: (
          <DeleteForm
            csrf={c.get("csrfToken")}
            deletes={plan.deleteWorkspaces.map((w) => w.name)}
            blockers={plan.blockers}
          />
        ),
      });
    if (plan.blockers.length > 0) return again(409, "The account cannot be deleted yet.");
    const refused = await refuseWrongPassword(c, user.email, form.current_password, again);
    if (refused) return refused;
    const done = pageValue(
      await deleteOwnAccount(accountContext(c), {
        userId: user.userId,
        workspaceIds: plan.deleteWorkspaces.map((w) => w.id),
      }),
    );
    if (!done) {
      return again(409, "A workspace of yours lost its other owner meanwhile. Nothing was deleted; look again.");
    }
    clearSessionCookie(c);
    return c.redirect("/app/sign-in?deleted=1", 303);
  });
}

/**
 * The current password, re-entered for a change to the account: null when it is right,
 * otherwise the form again with why (throttled with Retry-After, or wrong).
 */
async function refuseWrongPassword<R>(
  c: Context<AppEnv>,
  email: string,
  typed: unknown,
  again: (status: 401 | 429, message: string) => R,
): Promise<R | null> {
  const check = await checkPassword(c, email, typeof typed === "string" ? typed : "");
  if (check.outcome === "throttled") {
    c.header("Retry-After", String(check.retryAfter));
    return again(429, `Too many wrong passwords. ${tryAgainIn(check.retryAfter)}`);
  }
  if (check.outcome === "wrong") return again(401, "The current password is not right.");
  return null;
}
