import { describe, expect, it } from "vitest";
import { type SignUpSituation, signUpPath } from "../../shared/accounts/sign-up-policy";

const base: SignUpSituation = { anyUserExists: true, local: false, mode: "invite", invite: "none", bootstrap: "unset" };

describe("who may create an account", () => {
  it("the first account in a deployment needs the matching bootstrap secret", () => {
    const first = { ...base, anyUserExists: false };
    expect(signUpPath({ ...first, bootstrap: "match" })).toEqual({ ok: true, path: "first_owner" });
    expect(signUpPath({ ...first, bootstrap: "mismatch" })).toEqual({ ok: false, reason: "bootstrap_required" });
    expect(signUpPath({ ...first, bootstrap: "absent" })).toEqual({ ok: false, reason: "bootstrap_required" });
    expect(signUpPath({ ...first, bootstrap: "unset" })).toEqual({ ok: false, reason: "bootstrap_unset" });
  });

  it("locally the first account needs no secret", () => {
    expect(signUpPath({ ...base, anyUserExists: false, local: true })).toEqual({ ok: true, path: "first_owner" });
  });

  it("afterwards the bootstrap secret opens nothing: invitation only by default", () => {
    expect(signUpPath({ ...base, bootstrap: "match" })).toEqual({ ok: false, reason: "invite_only" });
    expect(signUpPath({ ...base, invite: "valid" })).toEqual({ ok: true, path: "invite" });
    expect(signUpPath({ ...base, invite: "invalid", mode: "open" })).toEqual({ ok: false, reason: "invite_invalid" });
  });

  it("open mode admits anyone with a workspace of their own", () => {
    expect(signUpPath({ ...base, mode: "open" })).toEqual({ ok: true, path: "open" });
  });
});
