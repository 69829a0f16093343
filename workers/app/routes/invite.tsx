import { joinByInvitation, openInvitation } from "@shared/accounts/invitations";
import type { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "../app-env";
import { PostForm } from "../layout/form";
import { renderPage } from "../layout/render";
import { optionalSignIn, requireSignIn } from "../middleware/session";
import { pageValue } from "../refusal-page";
import { appContext } from "../request-context";
import { workspacePath } from "../workspace-path";
import { SignUpForm } from "./sign-up";

const INVALID = "This invitation link is not valid: it was used already, has expired or was mistyped.";

// An invitation link: a signed-in person joins with one button; anyone else creates an
// account (sign-up carries the token) or signs in and comes back here.
export function registerInvite(app: Hono<AppEnv>) {
  app.get("/app/invite/:token", optionalSignIn(), async (c) => {
    const token = c.req.param("token");
    const invite = pageValue(await openInvitation(appContext(c), { token }));
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
    const { userId, sessionId } = c.get("user");
    const joined = pageValue(await joinByInvitation(appContext(c), { token: c.req.param("token"), userId, sessionId }));
    if (!joined) throw new HTTPException(404, { message: INVALID });
    return c.redirect(workspacePath(joined.workspaceId, ""), 303);
  });
}
