import type { Child } from "hono/jsx";
import type { CurrentWorkspace, SignedInUser } from "../app-env";
import { PostForm } from "./form";
import { isCurrent, navItems } from "./nav-items";

export interface Chrome {
  path: string;
  csrf: string;
  /** Absent on signed-out pages (sign-in, sign-up, invitation). */
  user?: SignedInUser;
  workspace?: CurrentWorkspace;
  /** `appHref` bound to this request: the address of a workspace page (layout/app-href.ts). */
  href: (path: string) => string;
}

/**
 * The workspace and the account behind one disclosure (a plain <details>: it opens by
 * keyboard and without the script): who is signed in and the switch to another workspace.
 */
function AccountMenu(props: { chrome: Chrome; user: SignedInUser }) {
  const { workspace, csrf } = props.chrome;
  const { user } = props;
  return (
    <details class="menu account-menu">
      <summary>
        <span class="visually-hidden">{workspace ? "Workspace: " : "Account: "}</span>
        <span class="menu-name">{workspace ? workspace.name : user.email}</span>
      </summary>
      <div class="menu-panel">
        <p class="hint">
          Signed in as <strong class="email">{user.email}</strong>
          {workspace ? <>, {workspace.role} of this workspace</> : null}.
        </p>
        {workspace ? (
          <PostForm action="/app/workspaces/switch" csrf={csrf} class="switcher">
            <div class="field">
              <label for="workspace-switch">Workspace</label>
              <select id="workspace-switch" name="workspace_id">
                {user.workspaces.map((w) => (
                  <option value={w.id} selected={w.id === workspace.id}>
                    {w.name} ({w.role})
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" class="secondary">
              Switch
            </button>
          </PostForm>
        ) : null}
      </div>
    </details>
  );
}

/**
 * One line at 1,280 px: brand, the main navigation, the account menu and "Sign out".
 * Narrower, everything after the brand folds behind "Menu" (assets/header-css.ts).
 */
function Header(props: { chrome: Chrome }) {
  const { user, csrf, path, href } = props.chrome;
  return (
    <header class="top">
      <a class="brand" href={href("")}>
        <span class="brand-mark" aria-hidden="true">
          AR
        </span>
        Agent Readiness
      </a>
      {user ? (
        <>
          <button type="button" class="menu-button secondary" aria-expanded="false" aria-controls="top-menu">
            Menu
          </button>
          <div class="top-menu" id="top-menu">
            <nav aria-label="Main">
              <ul>
                {navItems.map((item) => (
                  <li>
                    <a
                      href={href(item.href.slice("/app".length))}
                      aria-current={isCurrent(item, path) ? "page" : undefined}
                    >
                      {item.label}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
            <div class="top-account">
              <AccountMenu chrome={props.chrome} user={user} />
              <PostForm action="/app/sign-out" csrf={csrf} class="account">
                <button type="submit" class="ghost">
                  Sign out
                </button>
              </PostForm>
            </div>
          </div>
        </>
      ) : null}
    </header>
  );
}

/** The page frame every application page shares: head, header, main landmark. */
export function Layout(props: {
  title: string;
  chrome: Chrome;
  /** The robots meta tag, for a page search engines must not index (a shared link). */
  robots?: string;
  children?: Child;
}) {
  const workspace = props.chrome.workspace ? ` · ${props.chrome.workspace.name}` : "";
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {props.robots ? <meta name="robots" content={props.robots} /> : null}
        <title>{`${props.title}${workspace} · Agent Readiness`}</title>
        <link rel="stylesheet" href="/app/assets/app.css" />
        <script src="/app/assets/app.js" defer />
      </head>
      <body>
        <a class="skip" href="#main">
          Skip to content
        </a>
        <Header chrome={props.chrome} />
        <main id="main" tabindex={-1}>
          <h1>{props.title}</h1>
          {props.children}
        </main>
      </body>
    </html>
  );
}
