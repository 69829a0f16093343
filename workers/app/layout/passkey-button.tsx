import { PasswordField } from "./account-fields";
import { PostForm } from "./form";

/**
 * A passkey ceremony button for the page script (assets/app-js.ts). Hidden until the
 * script finds WebAuthn in the browser; the form only carries the CSRF token. Adding a
 * passkey asks for the current password in the same form (issue 25 #2: an open session
 * alone, borrowed or stolen, must not be able to plant a lasting way in), so the whole
 * form stays hidden without the script.
 */
export function PasskeyButton(props: { csrf: string; kind: "register" | "sign-in"; label: string }) {
  const status = `passkey-${props.kind}-status`;
  const registering = props.kind === "register";
  return (
    <PostForm action="/app/passkeys" csrf={props.csrf} class="passkey" hidden={registering}>
      {registering ? (
        <PasswordField purpose="current-password" name="passkey_password" label="Current password" />
      ) : null}
      <button type="button" class="secondary" data-passkey={props.kind} data-status={status} hidden>
        {props.label}
      </button>
      <span id={status} role="status" />
    </PostForm>
  );
}
