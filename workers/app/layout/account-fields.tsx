import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@shared/accounts/password-policy";

/** The account email field of sign-in and sign-up: autocomplete "username" lets password managers pair it. */
export function EmailField(props: { value?: string }) {
  return (
    <div class="field">
      <label for="email">Email</label>
      <input id="email" name="email" type="email" autocomplete="username" required value={props.value ?? ""} />
    </div>
  );
}

/**
 * The account password field. Signing in asks for the current password (no minimum: an
 * older, shorter one must still get through to the one "not right" answer); choosing one
 * asks for a new password with the policy's minimum and says it. The password-change form
 * has one of each, hence the name and label.
 */
export function PasswordField(props: { purpose: "current-password" | "new-password"; name?: string; label?: string }) {
  const choosing = props.purpose === "new-password";
  const name = props.name ?? "password";
  const hint = `${name}-hint`;
  return (
    <div class="field">
      <label for={name}>{props.label ?? "Password"}</label>
      <input
        id={name}
        name={name}
        type="password"
        autocomplete={props.purpose}
        required
        minlength={choosing ? PASSWORD_MIN_LENGTH : undefined}
        maxlength={PASSWORD_MAX_LENGTH}
        aria-describedby={choosing ? hint : undefined}
      />
      {choosing ? (
        <p class="hint" id={hint}>
          At least {PASSWORD_MIN_LENGTH} characters. A long phrase is best.
        </p>
      ) : null}
    </div>
  );
}

/**
 * A new workspace's first time zone, the browser's: the app script fills it (assets/app-js.ts,
 * `data-browser-timezone`); the server keeps it only when it names a real zone
 * (`initialTimeZone`), else UTC. Owners change it on Settings → Workspace.
 */
export function BrowserTimeZoneField() {
  return <input type="hidden" name="timezone" value="" data-browser-timezone="" />;
}
