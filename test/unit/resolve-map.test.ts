import { describe, expect, it } from "vitest";
import { parseResolveMap } from "../../shared/outbound/resolve-map";

describe("OUTBOUND_RESOLVE", () => {
  it("parses comma-separated host=address:port pairs, case-insensitively on the host", () => {
    const map = parseResolveMap(" Shop.Test=127.0.0.1:9001, hooks.test=127.0.0.1:9002 ");
    expect([...map]).toEqual([
      ["shop.test", "127.0.0.1:9001"],
      ["hooks.test", "127.0.0.1:9002"],
    ]);
  });

  it("is empty when unset", () => {
    expect(parseResolveMap(undefined).size).toBe(0);
    expect(parseResolveMap("").size).toBe(0);
  });

  it("rejects entries that are not host=address:port", () => {
    expect(() => parseResolveMap("shop.test")).toThrow(/not host=address:port/);
    expect(() => parseResolveMap("shop.test=127.0.0.1")).toThrow(/not address:port/);
    expect(() => parseResolveMap("shop.test=http://127.0.0.1:80")).toThrow(/not address:port/);
  });
});
