import { describe, expect, it } from "vitest";
import { openSecret, sealSecret } from "../../shared/webhooks/secret-box";

const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";

describe("webhook secret sealing", () => {
  it("round-trips with the configured key and never stores the secret in clear", async () => {
    const env = { WEBHOOK_SECRET_KEY: "k1" };
    const sealed = await sealSecret(env, SECRET);
    expect(sealed).toMatch(/^v1\.env\./);
    expect(sealed).not.toContain("MfKQ9r8");
    expect(await openSecret(env, sealed)).toBe(SECRET);
    expect(await sealSecret(env, SECRET)).not.toBe(sealed);
  });

  it("refuses the wrong key, a missing key and a tampered value", async () => {
    const sealed = await sealSecret({ WEBHOOK_SECRET_KEY: "k1" }, SECRET);
    await expect(openSecret({ WEBHOOK_SECRET_KEY: "k2" }, sealed)).rejects.toThrow();
    await expect(openSecret({}, sealed)).rejects.toThrow(/WEBHOOK_SECRET_KEY/);
    const parts = sealed.split(".");
    const flipped = parts[3].startsWith("A") ? `B${parts[3].slice(1)}` : `A${parts[3].slice(1)}`;
    await expect(openSecret({ WEBHOOK_SECRET_KEY: "k1" }, [...parts.slice(0, 3), flipped].join("."))).rejects.toThrow();
  });

  it("uses the built-in key only in local runs, and refuses to seal without a key elsewhere", async () => {
    await expect(sealSecret({}, SECRET)).rejects.toThrow(/WEBHOOK_SECRET_KEY is not set/);
    await expect(sealSecret({ BUILT_IN_WEBHOOK_KEY: "" }, SECRET)).rejects.toThrow(/WEBHOOK_SECRET_KEY is not set/);
    expect(await sealSecret({ BUILT_IN_WEBHOOK_KEY: "1" }, SECRET)).toMatch(/^v1\.builtin\./);
  });

  it("opens values sealed with the built-in key after a key is configured", async () => {
    const sealed = await sealSecret({ BUILT_IN_WEBHOOK_KEY: "1" }, SECRET);
    expect(sealed).toMatch(/^v1\.builtin\./);
    expect(await openSecret({ WEBHOOK_SECRET_KEY: "k1" }, sealed)).toBe(SECRET);
  });
});
