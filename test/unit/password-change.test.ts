import { describe, expect, it } from "vitest";
import { newPasswordProblem, SAME_PASSWORD } from "../../shared/accounts/password-change";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordProblem } from "../../shared/accounts/password-policy";

describe("newPasswordProblem", () => {
  it("accepts a new password that obeys the sign-up policy and differs from the current one", () => {
    expect(newPasswordProblem("correct horse battery", "a different long phrase")).toBeNull();
  });

  it("answers the sign-up policy's own sentence for a too short or too long password", () => {
    const short = "x".repeat(PASSWORD_MIN_LENGTH - 1);
    const long = "x".repeat(PASSWORD_MAX_LENGTH + 1);
    expect(newPasswordProblem("correct horse battery", short)).toBe(passwordProblem(short));
    expect(newPasswordProblem("correct horse battery", long)).toBe(passwordProblem(long));
    expect(passwordProblem(short)).toMatch(/at least/);
  });

  it("refuses the current password as the new one", () => {
    expect(newPasswordProblem("correct horse battery", "correct horse battery")).toBe(SAME_PASSWORD);
  });

  it("refuses a new password that is the current one in another Unicode form (the hash normalises NFKC)", () => {
    // "ﬁ" (U+FB01, the fi ligature) is "fi" after NFKC.
    expect(newPasswordProblem("fine long password", "\uFB01ne long password")).toBe(SAME_PASSWORD);
  });

  it("treats a change of case as a different password", () => {
    expect(newPasswordProblem("correct horse battery", "Correct Horse Battery")).toBeNull();
  });
});
