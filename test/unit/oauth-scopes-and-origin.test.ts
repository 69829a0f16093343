import { effectiveScopes, grantableScopes, scopesBeyondRole } from "@shared/accounts/grantable-scopes";
import { allowedHostnames, serviceOrigin } from "@shared/oauth/service-origin";
import { describe, expect, it } from "vitest";

describe("scopes a person may grant an OAuth client", () => {
  it("owners and admins may grant all nine scopes, members the four :read ones", () => {
    expect(grantableScopes("owner")).toHaveLength(9);
    expect(grantableScopes("admin")).toHaveLength(9);
    expect(grantableScopes("member")).toEqual(["traffic:read", "conversions:read", "monitors:read", "policy:read"]);
  });

  it("refuses a write scope from a member and an unknown scope from anyone, naming them", () => {
    expect(scopesBeyondRole(["traffic:read", "sites:write"], "member")).toContain("cannot grant sites:write");
    expect(scopesBeyondRole(["traffic:read"], "member")).toBeNull();
    expect(scopesBeyondRole(["admin:all"], "owner")).toBe("Unknown scope: admin:all.");
  });

  it("cuts a token's granted scopes to what the role allows today (a demoted admin's token loses writes)", () => {
    const granted = ["sites:write", "traffic:read", "conversions:write"];
    expect(effectiveScopes(granted, "admin")).toEqual(["traffic:read", "sites:write", "conversions:write"]);
    expect(effectiveScopes(granted, "member")).toEqual(["traffic:read"]);
    expect(effectiveScopes(["bogus", "monitors:read"], "member")).toEqual(["monitors:read"]);
  });
});

describe("the service origin for the DNS-rebinding guard and the OAuth issuer", () => {
  it("is PUBLIC_BASE_URL's host and origin when it is set, whatever Host the request names", () => {
    expect(allowedHostnames("https://agents.example.com")).toEqual(["agents.example.com"]);
    expect(serviceOrigin("https://agents.example.com", "http://evil.example/mcp")).toBe("https://agents.example.com");
  });

  it("is a loopback origin only when PUBLIC_BASE_URL is empty (the default: a local run)", () => {
    expect(allowedHostnames("")).toEqual(["localhost", "127.0.0.1", "[::1]"]);
    expect(serviceOrigin("", "http://127.0.0.1:8787/mcp")).toBe("http://127.0.0.1:8787");
    expect(serviceOrigin("", "http://[::1]:8787/mcp")).toBe("http://[::1]:8787");
    expect(serviceOrigin("", "http://evil.example.com/mcp")).toBeNull();
    expect(serviceOrigin("", "http://127.0.0.1.evil.example/mcp")).toBeNull();
  });
});
