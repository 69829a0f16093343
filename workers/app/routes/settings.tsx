import type { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { PostForm } from "../layout/form";
import { renderPage } from "../layout/render";
import { requireSignIn, requireWorkspace } from "../middleware/session";

export function registerSettings(app: Hono<AppEnv>) {
  app.get("/app/settings", requireSignIn(), requireWorkspace(), (c) =>
    renderPage(c, {
      title: "Settings",
      body: (
        <>
          <ul class="cards">
            <li>
              <h2>
                <a href="/app/settings/api-keys">API keys</a>
              </h2>
              <p>Create and revoke the keys that call the v1 API for {c.get("workspace").name}.</p>
            </li>
            <li>
              <h2>
                <a href="/app/settings/members">Members</a>
              </h2>
              <p>Who belongs to this workspace; invite people with a link.</p>
            </li>
            <li>
              <h2>
                <a href="/app/workspaces/new">New workspace</a>
              </h2>
              <p>Start another workspace; switch between them at the top of every page.</p>
            </li>
          </ul>
          <h2>Account</h2>
          <p>
            Signed in as <strong>{c.get("user").email}</strong>. Signing out everywhere ends every session of this
            account, on every device, this one included.
          </p>
          <PostForm action="/app/sign-out-everywhere" csrf={c.get("csrfToken")}>
            <button type="submit" class="secondary">
              Sign out everywhere
            </button>
          </PostForm>
        </>
      ),
    }),
  );
}
