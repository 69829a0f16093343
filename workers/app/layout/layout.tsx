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

function WorkspaceSwitcher(props: { chrome: Chrome }) {
  const { user, workspace, csrf } = props.chrome;
  if (!user || !workspace) return null;
  return (
    <PostForm action="/app/workspaces/switch" csrf={csrf} class="switcher">
      <label for="workspace-switch">Workspace</label>
      <select id="workspace-switch" name="workspace_id">
        {user.workspaces.map((w) => (
          <option value={w.id} selected={w.id === workspace.id}>
            {w.name} ({w.role})
          </option>
        ))}
      </select>
      <button type="submit">Switch</button>
    </PostForm>
  );
}

function Header(props: { chrome: Chrome }) {
  const { user, csrf, path, href } = props.chrome;
  return (
    <header class="top">
      <a class="brand" href={href("")}>
        Agent Readiness
      </a>
      {user ? (
        <>
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
          <WorkspaceSwitcher chrome={props.chrome} />
          <PostForm action="/app/sign-out" csrf={csrf} class="account">
            <span class="email">{user.email}</span>
            <button type="submit">Sign out</button>
          </PostForm>
        </>
      ) : null}
    </header>
  );
}

/** The page frame every application page shares: head, header, main landmark. */
export function Layout(props: { title: string; chrome: Chrome; children?: Child }) {
  const workspace = props.chrome.workspace ? ` · ${props.chrome.workspace.name}` : "";
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
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
