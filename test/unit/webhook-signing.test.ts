import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { newWebhookId, signWebhook, webhookHeaders } from "../../shared/webhooks/sign-webhook";
import { generateWebhookSecret, webhookSecretKey } from "../../shared/webhooks/webhook-secret";

describe("Standard Webhooks signing", () => {
  it("matches the published test vector of the reference implementations", async () => {
    // Vector used by the svix / standardwebhooks libraries' own test suites.
    const signature = await signWebhook(
      "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
      "msg_p5jXN8AQM9LWM0D4loKWxJek",
      1614265330,
      '{"test": 2432232314}',
    );
    expect(signature).toBe("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
  });

  it("produces headers the standardwebhooks library verifies, and the library's own signature", async () => {
    const secret = generateWebhookSecret();
    const id = newWebhookId();
    const body = JSON.stringify({ event: "score.changed", domain: "shop.example.com", oldScore: 61, newScore: 74 });
    const headers = await webhookHeaders(secret, id, body);
    expect(new Webhook(secret).verify(body, { ...headers })).toEqual(JSON.parse(body));
    const at = new Date(Number(headers["webhook-timestamp"]) * 1000);
    expect(headers["webhook-signature"]).toBe(new Webhook(secret).sign(id, at, body));
  });

  it("is refused by the library when the body, id or secret differ", async () => {
    const secret = generateWebhookSecret();
    const body = '{"event":"score.changed"}';
    const headers = await webhookHeaders(secret, "msg_a", body);
    expect(() => new Webhook(secret).verify('{"event":"score.changed "}', { ...headers })).toThrow();
    expect(() => new Webhook(secret).verify(body, { ...headers, "webhook-id": "msg_b" })).toThrow();
    expect(() => new Webhook(generateWebhookSecret()).verify(body, { ...headers })).toThrow();
  });

  it("mints whsec_ secrets of 32 random bytes and ids prefixed msg_", () => {
    const a = generateWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(webhookSecretKey(a)).toHaveLength(32);
    expect(a).not.toBe(generateWebhookSecret());
    expect(newWebhookId()).toMatch(/^msg_[A-Za-z0-9]{24}$/);
    expect(() => webhookSecretKey("sk_live_123")).toThrow();
  });
});
