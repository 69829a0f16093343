import { describe, expect, it } from "vitest";
import { cursorKey, decodeCursor, encodeCursor, INVALID_CURSOR_MESSAGE } from "../../shared/cursor/keyset-cursor";

const binding = { list: "sites", workspaceId: "ws_a" };

async function expectInvalid(promise: Promise<unknown>) {
  expect(await promise).toEqual({ ok: false, code: "invalid_cursor", message: INVALID_CURSOR_MESSAGE });
}

describe("keyset cursors", () => {
  it("round-trips a position for the same list and workspace", async () => {
    const key = await cursorKey({ CURSOR_SECRET: "s1" });
    const cursor = await encodeCursor(key, binding, [1_700_000_000_000, "site_abc"]);
    expect(await decodeCursor(key, binding, cursor)).toEqual({ ok: true, value: [1_700_000_000_000, "site_abc"] });
  });

  it("refuses a cursor of another workspace or another list", async () => {
    const key = await cursorKey({});
    const cursor = await encodeCursor(key, binding, [5, "x"]);
    await expectInvalid(decodeCursor(key, { ...binding, workspaceId: "ws_b" }, cursor));
    await expectInvalid(decodeCursor(key, { ...binding, list: "conversions" }, cursor));
  });

  it("refuses a cursor whose position was edited, or signed with another secret", async () => {
    const key = await cursorKey({ CURSOR_SECRET: "s1" });
    const cursor = await encodeCursor(key, binding, [5, "x"]);
    const [, tag] = cursor.split(".");
    const forgedPayload = btoa(JSON.stringify({ v: 1, l: "sites", p: [9, "x"] })).replace(/=+$/, "");
    await expectInvalid(decodeCursor(key, binding, `${forgedPayload}.${tag}`));
    const other = await cursorKey({ CURSOR_SECRET: "s2" });
    await expectInvalid(decodeCursor(other, binding, cursor));
  });

  it.each(["", "abc", "a.b.c", "!!.??", "x".repeat(600)])("refuses the garbage cursor %j", async (garbage) => {
    await expectInvalid(decodeCursor(await cursorKey({}), binding, garbage));
  });
});
