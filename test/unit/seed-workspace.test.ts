import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { hashPassword } from "../../shared/accounts/password-hash";
import { TEST_PASSWORD_HASH_PARAMS } from "../app/password-cost";
import { seedWorkspace } from "../helpers/seed";

// seedWorkspace signs a throwaway account up through createAccount with the test scrypt
// cost named in the use case's context (createAccount's passwordHashParams), not by
// lowering the isolate's cost around the call: this project keeps production's.
describe("seedWorkspace", () => {
  it("hashes the seed account's password at the test cost, and hashes made after it keep production's", async () => {
    const { userId } = await seedWorkspace(env.DB);
    const row = await env.DB.prepare("SELECT password_hash FROM users WHERE id = ?1")
      .bind(userId)
      .first<{ password_hash: string }>();
    const { N, r, p } = TEST_PASSWORD_HASH_PARAMS;
    expect(row?.password_hash.split("$").slice(0, 4)).toEqual(["scrypt", String(N), String(r), String(p)]);
    // Production's cost, OWASP's N=2^14, r=8, p=5 line (password-hash.ts).
    expect((await hashPassword("any password")).split("$").slice(0, 4)).toEqual(["scrypt", "16384", "8", "5"]);
  });
});
