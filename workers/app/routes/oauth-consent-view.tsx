import type { ConsentDescription } from "@cloudflare/workers-oauth-provider";
import type { WorkspaceMembership } from "@shared/accounts/app-sessions";
import { grantableScopes } from "@shared/accounts/grantable-scopes";
import { SCOPE_DESCRIPTIONS, SCOPE_NAMES } from "@shared/display/scope-names";
import { SCOPE_PRESETS, SCOPES } from "@shared/vocabulary/scopes";
import { PostForm } from "../layout/form";

/**
 * The consent form (MCP authorization spec, security best practices; the library's
 * docs/consent-page.md): who asks (the client's self-asserted name, or the domain that
 * publishes a metadata document), where the tokens go (the redirect URI's host, with a
 * warning for a local app), which workspace and which scopes. Every client-supplied
 * string is text in JSX, so it is escaped. The handle works once, in this browser.
 */
export function ConsentForm(props: {
  action: string;
  csrf: string;
  handle: string;
  details: ConsentDescription;
  workspaces: WorkspaceMembership[];
  currentWorkspaceId: string | null;
  ticked: readonly string[];
  /** The session signed in a while ago: a scope that changes things needs the password here. */
  askPassword: boolean;
}) {
  const { details } = props;
  return (
    <>
      <p>
        <strong>{details.clientName}</strong> asks to use this service's MCP tools on your behalf.{" "}
        {details.clientDomain ? (
          <>
            It is published by <strong>{details.clientDomain}</strong>.
          </>
        ) : (
          <>This app registered itself: its name is not verified.</>
        )}
      </p>
      <p>
        Access goes to <strong>{details.redirectHost}</strong>.
      </p>
      {details.redirectIsLoopback ? (
        <p class="notice notice-info" role="status">
          This sends access to a program on your own computer. Continue only if you started connecting from it just now.
        </p>
      ) : null}
      <PostForm action={props.action} csrf={props.csrf}>
        <input type="hidden" name="handle" value={props.handle} />
        <div class="field">
          <label for="consent-workspace">Workspace</label>
          <select id="consent-workspace" name="workspace" aria-describedby="consent-workspace-hint">
            {props.workspaces.map((w) => (
              <option value={w.id} selected={w.id === props.currentWorkspaceId}>
                {w.name} ({w.role})
              </option>
            ))}
          </select>
          <p class="hint" id="consent-workspace-hint">
            The app sees and changes this workspace only. As a member you can grant read scopes; owners and admins can
            grant any.
          </p>
        </div>
        <fieldset>
          <legend>Scopes</legend>
          <div class="checks">
            {SCOPES.map((scope) => (
              <label>
                <input type="checkbox" name="scope" value={scope} checked={props.ticked.includes(scope)} />{" "}
                {SCOPE_NAMES[scope]}: {SCOPE_DESCRIPTIONS[scope]} <code>{scope}</code>
              </label>
            ))}
          </div>
        </fieldset>
        {props.askPassword ? (
          <div class="field">
            <label for="consent-password">Your password</label>
            <input
              id="consent-password"
              name="current_password"
              type="password"
              autocomplete="current-password"
              aria-describedby="consent-password-hint"
            />
            <p class="hint" id="consent-password-hint">
              Needed to grant a scope that changes things (not a read scope): you signed in more than 10 minutes ago.
            </p>
          </div>
        ) : null}
        <div class="actions">
          <button type="submit" name="decision" value="approve">
            Allow
          </button>
          <button type="submit" name="decision" value="deny" class="secondary">
            Deny
          </button>
        </div>
      </PostForm>
    </>
  );
}

/**
 * The ticks the form starts with: only what the app asked for, within what the role in
 * the current workspace allows (issue 41: every grantable scope was ticked, so one click
 * granted every write scope). An app that asked for nothing this service knows starts
 * with the read scopes, the ones the `/mcp` challenge names.
 */
export function initialTicks(requested: readonly string[], role: WorkspaceMembership["role"] | null): string[] {
  const allowed: readonly string[] = role ? grantableScopes(role) : [];
  const known = SCOPES.filter((s) => requested.includes(s));
  const asked = known.length > 0 ? known : SCOPE_PRESETS["read-only"];
  return asked.filter((s) => allowed.includes(s));
}
