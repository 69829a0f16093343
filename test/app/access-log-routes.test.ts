import { afterEach, describe, expect, it, vi } from "vitest";
import { FormClient } from "./form-client";

// Issue 41, lower findings: reset, invitation, email-confirmation and unsubscribe tokens
// are path segments, and the access log wrote every path in full. Each line now names
// the route pattern the request matched (shared/http/access-log.ts `loggedRoute`).

/** The app's JSON log lines written while `run` ran. */
async function linesDuring(run: () => Promise<unknown>): Promise<Record<string, unknown>[]> {
  const written: string[] = [];
  for (const method of ["log", "warn", "error"] as const)
    vi.spyOn(console, method).mockImplementation((line: unknown) => void written.push(String(line)));
  await run();
  vi.restoreAllMocks();
  return written.flatMap((line) => {
    try {
      return [JSON.parse(line) as Record<string, unknown>];
    } catch {
      return [];
    }
  });
}

afterEach(() => vi.restoreAllMocks());

// A secret-looking token per path (43 base64url characters, as the app mints them).
const TOKEN = "Zk3vQx9LmW2pRt8sYb4nHc6dJf1gAe5uKi7oPq0rSvT";

describe("the access log", () => {
  const tokenPaths: [string, string][] = [
    [`/app/password-reset/${TOKEN}`, "/app/password-reset/:token"],
    [`/app/invite/${TOKEN}`, "/app/invite/:token"],
    [`/app/settings/email/confirm/${TOKEN}`, "/app/settings/email/confirm/:token"],
    [`/app/unsubscribe/${TOKEN}`, "/app/unsubscribe/:token"],
  ];

  for (const [path, route] of tokenPaths) {
    it(`names the route, never the token, for GET ${route}`, async () => {
      const client = new FormClient();
      const lines = await linesDuring(() => client.get(path));
      const request = lines.filter((l) => l.msg === "request");
      expect(request).toHaveLength(1);
      expect(request[0]).toMatchObject({ worker: "app", method: "GET", route });
      expect(JSON.stringify(lines)).not.toContain(TOKEN);
    });
  }

  it("names the route of a POST with a token the same way", async () => {
    const client = new FormClient();
    await client.get(`/app/password-reset/${TOKEN}`);
    const lines = await linesDuring(() =>
      client.request(`/app/password-reset/${TOKEN}`, {
        method: "POST",
        body: new URLSearchParams({ _csrf: "forged", password: "another long password" }),
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      }),
    );
    expect(lines.find((l) => l.msg === "request")).toMatchObject({
      method: "POST",
      route: "/app/password-reset/:token",
    });
    expect(JSON.stringify(lines)).not.toContain(TOKEN);
  });

  it("still names each page's route and status (control)", async () => {
    const client = new FormClient();
    const lines = await linesDuring(async () => {
      await client.get("/app/sign-in");
      await client.get(`/app/no-such-page/${TOKEN}`);
    });
    const request = lines.filter((l) => l.msg === "request");
    expect(request.map((l) => [l.route, l.status])).toEqual([
      ["/app/sign-in", 200],
      // Matched by middleware only: no page's pattern, and still not the path.
      ["/*", 404],
    ]);
    expect(JSON.stringify(lines)).not.toContain(TOKEN);
  });
});
