import { describe, expect, it } from "vitest";
import { hashPassword, needsRehash, PASSWORD_HASH_PARAMS, verifyPassword } from "../../shared/accounts/password-hash";

describe("password hashing (scrypt)", () => {
  it("verifies the right password and refuses a wrong one", async () => {
    const stored = await hashPassword("correct horse battery");
    expect(stored).toMatch(/^scrypt\$16384\$8\$5\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword("correct horse battery", stored)).toBe(true);
    expect(await verifyPassword("correct horse batterY", stored)).toBe(false);
  });

  it("salts every hash, so one password never hashes the same twice", async () => {
    expect(await hashPassword("same password")).not.toBe(await hashPassword("same password"));
  });

  it("keeps verifying hashes made with older parameters, and flags them for rehashing", async () => {
    const weaker = await hashPassword("old password", { N: 1024, r: 8, p: 1 });
    expect(await verifyPassword("old password", weaker)).toBe(true);
    expect(needsRehash(weaker)).toBe(true);
    expect(needsRehash(await hashPassword("new", PASSWORD_HASH_PARAMS))).toBe(false);
  });

  it("treats a malformed stored value as a mismatch, never an error", async () => {
    for (const bad of ["", "scrypt$x$8$1$a$b", "bcrypt$2b$10$abc", "scrypt$1024$8$1$!!$!!"]) {
      expect(await verifyPassword("anything", bad)).toBe(false);
    }
  });

  it("normalises Unicode (NFKC), so the same password typed two ways matches", async () => {
    const stored = await hashPassword("caf\u00e9 au lait");
    expect(await verifyPassword("cafe\u0301 au lait", stored)).toBe(true);
  });
});
