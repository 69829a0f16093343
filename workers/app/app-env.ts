import type { WorkspaceMembership } from "@shared/accounts/app-sessions";
import type { WorkspaceRole } from "@shared/accounts/roles";
import type { AppContext } from "@shared/context/app-context";
import type { RequestContext } from "@shared/context/request-context";
import type { RequestIdVariables } from "@shared/http/request-id";

/** The signed-in person, set by `requireSignIn()`. */
export interface SignedInUser {
  userId: string;
  email: string;
  /** Hash of the session token (the app_sessions primary key). */
  sessionId: string;
  /** When this session signed in (password or passkey): consent to write scopes asks again after a while. */
  signedInAt: number;
  /** Every workspace the user belongs to, for the switcher. */
  workspaces: WorkspaceMembership[];
}

/** The workspace the page is about and the user's role in it, set by `requireWorkspace()`. */
export interface CurrentWorkspace {
  id: string;
  name: string;
  role: WorkspaceRole;
  /** IANA zone of the pages' days and times (docs/app.md "Time zone"). */
  timeZone: string;
}

export type AppVariables = RequestIdVariables & {
  /** This browser's CSRF token: every form carries it (middleware/csrf.ts). */
  csrfToken: string;
  user: SignedInUser;
  /** The session's stored workspace choice (read by `requireWorkspace()`). */
  sessionWorkspaceId: string | null;
  workspace: CurrentWorkspace;
  /** The app actions' context, built once by `appContext()` (request-context.ts). */
  app: AppContext<AppBindings> | undefined;
  /** The read use cases' context, built once by `pageContext()` (request-context.ts). */
  ctx: RequestContext<AppBindings> | undefined;
};

/**
 * The generated bindings plus the Worker secrets BOOTSTRAP_SECRET and UNSUBSCRIBE_KEY
 * (docs/deploy.md), which `wrangler types` cannot see because secrets live outside
 * wrangler.toml.
 */
export type AppBindings = AppWorkerEnv & { BOOTSTRAP_SECRET?: string; UNSUBSCRIBE_KEY?: string };

/** The application's Hono env. Pages behind `requireWorkspace()` may read `user` and `workspace`. */
export type AppEnv = { Bindings: AppBindings; Variables: AppVariables };
