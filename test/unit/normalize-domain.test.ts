import { describe, expect, it } from "vitest";
import { normalizeDomain, normalizeRegistrableDomain } from "../../shared/domains/normalize-domain";
import { isPublicSuffix } from "../../shared/domains/public-suffix";

describe("normalizeDomain (docs/decisions.md#4-domains)", () => {
  it.each([
    ["  Shop.Example.COM  ", "shop.example.com"],
    ["example.com.", "example.com"],
    ["www.example.com", "example.com"],
    ["WWW.Example.com.", "example.com"],
    ["www.www.example.com", "www.example.com"],
    ["bücher.de", "xn--bcher-kva.de"],
    ["www.Bücher.de", "xn--bcher-kva.de"],
    ["shop.test", "shop.test"],
    ["a-b.example.co.uk", "a-b.example.co.uk"],
  ])("normalises %j to %j", (input, expected) => {
    expect(normalizeDomain(input)).toEqual({ ok: true, domain: expected });
  });

  it.each([
    ["", "empty"],
    ["https://example.com", "scheme"],
    ["example.com/shop", "path"],
    ["example.com?x=1", "query"],
    ["example.com:8080", "port"],
    ["user@example.com", "userinfo"],
    ["127.0.0.1", "IPv4 literal"],
    ["0x7f.1", "hex IPv4 literal"],
    ["[::1]", "IPv6 literal"],
    ["exa mple.com", "whitespace"],
    ["example..com", "empty label"],
    ["example.com..", "two trailing dots"],
    ["-shop.example.com", "leading hyphen"],
    ["shop_.example.com", "underscore"],
    ["localhost", "single label"],
    [`${"a".repeat(64)}.com`, "label of 64"],
    [`${Array.from({ length: 4 }, () => "a".repeat(62)).join(".")}.com`, "name of 255"],
  ])("refuses %j (%s) as invalid_domain", (input) => {
    const result = normalizeDomain(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.code).toBe("invalid_domain");
  });

  it("accepts a label of exactly 63 and a name of exactly 253", () => {
    const label63 = `${"a".repeat(63)}.com`;
    expect(normalizeDomain(label63)).toEqual({ ok: true, domain: label63 });
    // 63+1+63+1+63+1+57+1+3 = 253
    const name253 = ["a".repeat(63), "b".repeat(63), "c".repeat(63), "d".repeat(57), "com"].join(".");
    expect(name253).toHaveLength(253);
    expect(normalizeDomain(name253)).toEqual({ ok: true, domain: name253 });
  });
});

describe("normalizeRegistrableDomain: public suffix check", () => {
  it.each(["co.uk", "myshopify.com", "github.io", "www.co.uk", "com.au", "blogspot.com"])(
    "refuses the suffix %j as public_suffix",
    (input) => {
      const result = normalizeRegistrableDomain(input);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.code).toBe("public_suffix");
    },
  );

  it.each([
    ["shop.co.uk", "shop.co.uk"],
    ["my-store.myshopify.com", "my-store.myshopify.com"],
    ["someone.github.io", "someone.github.io"],
    ["example.com", "example.com"],
    ["shop.test", "shop.test"],
  ])("accepts the full host %j", (input, expected) => {
    expect(normalizeRegistrableDomain(input)).toEqual({ ok: true, domain: expected });
  });

  it("treats the private section as suffixes too", () => {
    expect(isPublicSuffix("myshopify.com")).toBe(true);
    expect(isPublicSuffix("example.com")).toBe(false);
  });
});
