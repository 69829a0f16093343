import { exports } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";

// Issue 41, lower findings: the edge logged every path in full, reset and invitation
// tokens included. It now logs its route table's prefix as a pattern
// (workers/edge/routes.ts `routePattern`); the product Worker logs its own route pattern.

const TOKEN = "Zk3vQx9LmW2pRt8sYb4nHc6dJf1gAe5uKi7oPq0rSvT";

afterEach(() => vi.restoreAllMocks());

async function requestLines(url: string): Promise<Record<string, unknown>[]> {
  const written: string[] = [];
  for (const method of ["log", "warn", "error"] as const)
    vi.spyOn(console, method).mockImplementation((line: unknown) => void written.push(String(line)));
  await exports.default.fetch(url);
  vi.restoreAllMocks();
  return written.map((line) => JSON.parse(line) as Record<string, unknown>).filter((l) => l.msg === "request");
}

describe("the edge's access log", () => {
  it("names the prefix a token path was forwarded under, not the path", async () => {
    for (const path of [`/app/password-reset/${TOKEN}`, `/app/invite/${TOKEN}`, `/app/unsubscribe/${TOKEN}`]) {
      const lines = await requestLines(`https://agents.example${path}`);
      expect(lines).toEqual([expect.objectContaining({ worker: "edge", route: "/app/*", status: 200 })]);
      expect(JSON.stringify(lines)).not.toContain(TOKEN);
    }
  });

  it("names its own routes and the routes it has no Worker for (control)", async () => {
    expect(await requestLines("https://agents.example/")).toEqual([expect.objectContaining({ route: "/" })]);
    expect(await requestLines("https://agents.example/api/v1/sites")).toEqual([
      expect.objectContaining({ route: "/api/v1/*" }),
    ]);
    expect(await requestLines("https://agents.example/badge/shop.example.svg")).toEqual([
      expect.objectContaining({ route: "/badge/*" }),
    ]);
    expect(await requestLines(`https://agents.example/nothing/${TOKEN}`)).toEqual([
      expect.objectContaining({ route: "*", status: 404 }),
    ]);
    expect(await requestLines("https://agents.example/.well-known/api-catalog")).toEqual([
      expect.objectContaining({ route: "/.well-known/api-catalog" }),
    ]);
  });
});
