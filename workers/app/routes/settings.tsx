import { userPasskeys } from "@shared/accounts/passkeys";
import type { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { Notice, PostForm } from "../layout/form";
import { renderPage } from "../layout/render";
import { requireSignIn, requireWorkspace } from "../middleware/session";
import { pageValue } from "../refusal-page";
import { appContext } from "../request-context";
import { PasskeySection, SettingsCards } from "./settings-view";

export function registerSettings(app: Hono<AppEnv>) {
  app.get("/app/settings", requireSignIn(), requireWorkspace(), async (c) => {
    const passkeys = pageValue(await userPasskeys(appContext(c), { userId: c.get("user").userId }));
    return renderPage(c, {
      title: "Settings",
      body: (
        <>
          <SettingsCards c={c} />
          <h2>Account</h2>
          {c.req.query("email") === "changed" ? (
            <Notice kind="success">Your email address is changed: sign in with the new one from now on.</Notice>
          ) : null}
          <p>
            Signed in as <strong>{c.get("user").email}</strong>. Signing out everywhere ends every session of this
            account, on every device, this one included.
          </p>
          <p>
            <a href="/app/settings/password">Change password</a>: needs the current one, and ends every other session of
            this account.
          </p>
          <p>
            <a href="/app/settings/email">Change email</a>: confirmed from the new address.{" "}
            <a href="/app/settings/account/delete">Delete account</a>: asks for the password and says what happens to
            your workspaces first.
          </p>
          <PostForm action="/app/sign-out-everywhere" csrf={c.get("csrfToken")}>
            <button type="submit" class="secondary">
              End all sessions
            </button>
          </PostForm>
          <PasskeySection csrf={c.get("csrfToken")} passkeys={passkeys} />
        </>
      ),
    });
  });
}
