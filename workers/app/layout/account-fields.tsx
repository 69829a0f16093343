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
 * asks for a new password with the policy's minimum and says it.
 */
export function PasswordField(props: { purpose: "current-password" | "new-password" }) {
  const choosing = props.purpose === "new-password";
  return (
    <div class="field">
      <label for="password">Password</label>
      <input
        id="password"
        name="password"
        type="password"
        autocomplete={props.purpose}
        required
        minlength={choosing ? PASSWORD_MIN_LENGTH : undefined}
        maxlength={PASSWORD_MAX_LENGTH}
        aria-describedby={choosing ? "password-hint" : undefined}
      />
      {choosing ? (
        <p class="hint" id="password-hint">
          At least {PASSWORD_MIN_LENGTH} characters. A long phrase is best.
        </p>
      ) : null}
    </div>
  );
}
