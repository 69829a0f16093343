// Who may create an account (docs/app.md "Getting started"). Pure so the rules are
// unit-tested without a request:
// - the very first account becomes the owner: locally on the first visit, in a deployment
//   only with the one-time bootstrap secret set at deploy time;
// - afterwards an invitation link admits one person to its workspace;
// - otherwise only SIGNUP_MODE=open admits anyone (with a workspace of their own).

export type SignUpMode = "invite" | "open";

export interface SignUpSituation {
  anyUserExists: boolean;
  /** Local run (LOCAL_OWNER_SIGNUP=1): the first owner needs no secret. */
  local: boolean;
  mode: SignUpMode;
  /** An invitation token was sent, and whether it names an open invitation. */
  invite: "none" | "valid" | "invalid";
  /** The bootstrap secret is configured and the form's value matches it. */
  bootstrap: "unset" | "match" | "mismatch" | "absent";
}

export type SignUpPath =
  | { ok: true; path: "first_owner" | "invite" | "open" }
  | { ok: false; reason: "bootstrap_required" | "bootstrap_unset" | "invite_invalid" | "invite_only" };

export function signUpPath(s: SignUpSituation): SignUpPath {
  if (!s.anyUserExists) {
    if (s.local || s.bootstrap === "match") return { ok: true, path: "first_owner" };
    return { ok: false, reason: s.bootstrap === "unset" ? "bootstrap_unset" : "bootstrap_required" };
  }
  if (s.invite === "valid") return { ok: true, path: "invite" };
  if (s.invite === "invalid") return { ok: false, reason: "invite_invalid" };
  return s.mode === "open" ? { ok: true, path: "open" } : { ok: false, reason: "invite_only" };
}

export function parseSignUpMode(value: string | undefined): SignUpMode {
  return value === "open" ? "open" : "invite";
}

/** Human text for each refusal, shown above the sign-up form. */
export const signUpRefusals: Record<Extract<SignUpPath, { ok: false }>["reason"], string> = {
  bootstrap_required: "Creating the first account needs the bootstrap secret set at deploy time.",
  bootstrap_unset:
    "No account exists yet and no bootstrap secret is set. Set BOOTSTRAP_SECRET (docs/deploy.md) to create the owner.",
  invite_invalid: "This invitation link is not valid: it was used already, has expired or was mistyped.",
  invite_only: "Sign-up is by invitation. Ask an owner or admin of your workspace for an invitation link.",
};
