import { PostForm } from "./form";

/**
 * A passkey ceremony button for the page script (assets/app-js.ts). Hidden until the
 * script finds WebAuthn in the browser; the form only carries the CSRF token.
 */
export function PasskeyButton(props: { csrf: string; kind: "register" | "sign-in"; label: string }) {
  const status = `passkey-${props.kind}-status`;
  return (
    <PostForm action="/app/passkeys" csrf={props.csrf} class="passkey">
      <button type="button" class="secondary" data-passkey={props.kind} data-status={status} hidden>
        {props.label}
      </button>
      <span id={status} role="status" />
    </PostForm>
  );
}
