import type { PasskeyRecord } from "@shared/accounts/passkeys";
import type { Context } from "hono";
import type { AppEnv } from "../app-env";
import { appHref } from "../layout/app-href";
import { PostForm } from "../layout/form";
import { Time } from "../layout/format-time";
import { PasskeyButton } from "../layout/passkey-button";

// The Settings page's parts (settings.tsx lays them out): the cards to the workspace's
// settings pages, and the account's passkeys.

export function SettingsCards(props: { c: Context<AppEnv> }) {
  const { c } = props;
  return (
    <ul class="cards">
      <li>
        <h2>
          <a href={appHref(c, "/settings/api-keys")}>API keys</a>
        </h2>
        <p>Create and revoke the keys that call the v1 API for {c.get("workspace").name}.</p>
      </li>
      <li>
        <h2>
          <a href={appHref(c, "/settings/connected-apps")}>Connected apps</a>
        </h2>
        <p>Assistants you allowed to use the MCP tools for {c.get("workspace").name}; revoke them here.</p>
      </li>
      <li>
        <h2>
          <a href={appHref(c, "/settings/notifications")}>Notifications</a>
        </h2>
        <p>Choose the mail you get from {c.get("workspace").name}: the weekly report and alerts.</p>
      </li>
      <li>
        <h2>
          <a href={appHref(c, "/settings/members")}>Members</a>
        </h2>
        <p>Who belongs to this workspace; invite people with a link.</p>
      </li>
      {c.get("workspace").role === "owner" ? (
        <li>
          <h2>
            <a href={appHref(c, "/settings/workspace")}>Workspace</a>
          </h2>
          <p>Rename or delete {c.get("workspace").name}.</p>
        </li>
      ) : null}
      <li>
        <h2>
          <a href="/app/workspaces/new">New workspace</a>
        </h2>
        <p>Start another workspace; switch between them at the top of every page.</p>
      </li>
    </ul>
  );
}

export function PasskeySection(props: { csrf: string; passkeys: PasskeyRecord[] }) {
  const { passkeys } = props;
  return (
    <>
      <h2>Passkeys</h2>
      <p>
        A passkey signs you in with this device's screen lock or a security key instead of the password. It needs
        JavaScript and a browser with passkey support, and adding one asks for your current password.
      </p>
      <p>
        Passkeys stay when you change the password or end all sessions. If you see one you did not add, remove it: that
        also ends every session it signed in.
      </p>
      {passkeys.length > 0 ? (
        <ul>
          {passkeys.map((p) => (
            <li>
              Passkey added <Time at={p.createdAt} />, last used <Time at={p.lastUsedAt} never="never" />{" "}
              <PostForm action={`/app/passkeys/${encodeURIComponent(p.id)}/delete`} csrf={props.csrf}>
                <button type="submit" class="secondary">
                  Remove passkey
                </button>
              </PostForm>
            </li>
          ))}
        </ul>
      ) : (
        <p>No passkey yet.</p>
      )}
      <PasskeyButton csrf={props.csrf} kind="register" label="Add a passkey" />
    </>
  );
}
