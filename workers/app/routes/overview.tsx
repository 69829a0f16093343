import type { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { appHref } from "../layout/app-href";
import { renderPage } from "../layout/render";
import { requireSignIn, requireWorkspace } from "../middleware/session";

// The landing page after sign-in: which workspace this is, and where to go next.
export function registerOverview(app: Hono<AppEnv>) {
  app.get("/app", requireSignIn(), requireWorkspace(), (c) => {
    const workspace = c.get("workspace");
    return renderPage(c, {
      title: "Overview",
      body: (
        <>
          <p>
            You are in <strong>{workspace.name}</strong> as {workspace.role}.
          </p>
          <ul class="cards">
            <li>
              <h2>API keys</h2>
              <p>Keys let your servers and tools call the v1 API for this workspace.</p>
              <a href={appHref(c, "/settings/api-keys")}>Manage API keys</a>
            </li>
            <li>
              <h2>Members</h2>
              <p>Invite people to this workspace with a link.</p>
              <a href={appHref(c, "/settings/members")}>Manage members</a>
            </li>
          </ul>
        </>
      ),
    });
  });
}
