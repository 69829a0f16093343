import { describe, expect, it } from "vitest";
import { pickRequestId } from "../../shared/http/request-id";

describe("request id", () => {
  it("keeps a plain caller-supplied id", () => {
    expect(pickRequestId("req_1234abcd")).toBe("req_1234abcd");
  });

  it("replaces a missing, short, long or unsafe id with a fresh uuid", () => {
    for (const bad of [undefined, null, "", "short", "x".repeat(129), "has space in it", "new\nline-injection"]) {
      expect(pickRequestId(bad)).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});
