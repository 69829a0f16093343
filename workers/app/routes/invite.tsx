import { acceptInvite, findOpenInvite } from "@shared/accounts/invite-repository";
import { setSessionWorkspace } from "@shared/accounts/session-repository";
import { database } from "@shared/db/client";
import type { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "../app-env";
import { PostForm } from "../layout/form";
import { renderPage } from "../layout/render";
import { optionalSignIn, requireSignIn } from "../middleware/session";
import { workspacePath } from "../workspace-path";
import { SignUpForm } from "./sign-up";

const INVALID = "This invitation link is not valid: it was used already, has expired or was mistyped.";

// An invitation link: a signed-in person joins with one button; anyone else creates an
// account (sign-up carries the token) or signs in and comes back here.
export function registerInvite(app: Hono<AppEnv>) {
  app.get("/app/invite/:token", optionalSignIn(), async (c) => {
    const token = c.req.param("token");
    const invite = await findOpenInvite(database(c.env.DB), token);
    if (!invite) throw new HTTPException(404, { message: INVALID });
    const user = c.get("user");
    if (!user) {
      return renderPage(c, {
        title: `Join ${invite.workspaceName}`,
        body: (
          <SignUpForm
            csrf={c.get("csrfToken")}
            invite={{ token, workspaceName: invite.workspaceName, role: invite.role }}
            askWorkspace={false}
            askBootstrap={false}
          />
        ),
      });
    }
    return renderPage(c, {
      title: `Join ${invite.workspaceName}`,
      body: (
        <>
          <p>
            Join <strong>{invite.workspaceName}</strong> as {invite.role}, signed in as {user.email}?
          </p>
          <PostForm action={`/app/invite/${token}`} csrf={c.get("csrfToken")}>
            <button type="submit">Join workspace</button>
          </PostForm>
        </>
      ),
    });
  });

  app.post("/app/invite/:token", requireSignIn(), async (c) => {
    const db = database(c.env.DB);
    const invite = await findOpenInvite(db, c.req.param("token"));
    if (!invite || !(await acceptInvite(db, invite, c.get("user").userId))) {
      throw new HTTPException(404, { message: INVALID });
    }
    await setSessionWorkspace(db, c.get("user").sessionId, invite.workspaceId);
    return c.redirect(workspacePath(invite.workspaceId, ""), 303);
  });
}
