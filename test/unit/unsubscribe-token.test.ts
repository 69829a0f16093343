import { describe, expect, it } from "vitest";
import { toBase64Url } from "../../shared/encoding/base64";
import { signUnsubscribe, unsubscribeKeyOf, verifyUnsubscribe } from "../../shared/notifications/unsubscribe-token";

const KEY = "test-unsubscribe-key";
const subject = { workspaceId: "ws_1", userId: "usr_1", kind: "weekly_report" as const };

describe("unsubscribe token", () => {
  it("names the member, workspace and kind it was signed for", async () => {
    const token = await signUnsubscribe(KEY, subject);
    expect(token).toMatch(/^u1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(await verifyUnsubscribe(KEY, token)).toEqual(subject);
  });

  it("refuses a token whose subject was changed (another member or kind)", async () => {
    const token = await signUnsubscribe(KEY, subject);
    const [v, , mac] = token.split(".");
    const other = toBase64Url(new TextEncoder().encode("ws_1 usr_2 weekly_report"));
    expect(await verifyUnsubscribe(KEY, `${v}.${other}.${mac}`)).toBeNull();
    const otherKind = toBase64Url(new TextEncoder().encode("ws_1 usr_1 new_agent"));
    expect(await verifyUnsubscribe(KEY, `${v}.${otherKind}.${mac}`)).toBeNull();
  });

  it("refuses a changed signature, another key, and malformed tokens", async () => {
    const token = await signUnsubscribe(KEY, subject);
    const flipped = token.slice(0, -2) + (token.endsWith("AA") ? "AB" : "AA");
    expect(await verifyUnsubscribe(KEY, flipped)).toBeNull();
    expect(await verifyUnsubscribe("another-key", token)).toBeNull();
    for (const bad of ["", "u1", "u1..", "u2.a.b", `${token}.extra`, "u1.!!!.???"]) {
      expect(await verifyUnsubscribe(KEY, bad), bad).toBeNull();
    }
  });

  it("refuses a validly signed subject that names no known kind", async () => {
    const body = `u1.${toBase64Url(new TextEncoder().encode("ws_1 usr_1 everything"))}`;
    const key = await crypto.subtle.importKey(
      "raw",
      new TextEncoder().encode(KEY),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign"],
    );
    const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(body)));
    expect(await verifyUnsubscribe(KEY, `${body}.${toBase64Url(mac)}`)).toBeNull();
  });

  // Issue 41, lower findings: local runs used a key written in the source. `npm start`
  // now gives each local state a random one (scripts/local-secrets.mjs).
  it("uses UNSUBSCRIBE_KEY and nothing else: no built-in key, not even in a local run", () => {
    expect(unsubscribeKeyOf({ UNSUBSCRIBE_KEY: "k" })).toBe("k");
    expect(unsubscribeKeyOf({ LOCAL_MAILBOX: "1" })).toBeNull();
    expect(unsubscribeKeyOf({ LOCAL_MAILBOX: "1", UNSUBSCRIBE_KEY: "" })).toBeNull();
    expect(unsubscribeKeyOf({})).toBeNull();
  });
});
