import { describe, expect, inject, it } from "vitest";

// The service is agent-ready itself: its own scanner, scanning its own base URL (the
// host agent-readiness.test maps to this server through OUTBOUND_RESOLVE), passes the
// discovery checks.

const baseUrl = inject("baseUrl");
const selfHost = inject("selfHost");

interface CheckResult {
  key: string;
  status: string;
  message: string;
  evidence?: Record<string, unknown> | null;
}

describe("the service scanned by its own scanner", () => {
  it("passes llms_txt, openapi_exists, api_catalog and mcp_discovery", async () => {
    const res = await fetch(`${baseUrl}/api/scan`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": "198.51.100.17" },
      body: JSON.stringify({ domain: selfHost }),
    });
    expect(res.status).toBe(200);
    const stream = await res.text();
    const complete = /event: complete\ndata: (.+)/.exec(stream);
    expect(complete, stream.slice(-500)).not.toBeNull();
    const { id } = JSON.parse(complete?.[1] ?? "{}") as { id: string };
    const scan = (await (await fetch(`${baseUrl}/api/scan/${id}`)).json()) as { checkResults: CheckResult[] };
    const byKey = Object.fromEntries(scan.checkResults.map((c) => [c.key, c]));
    for (const key of ["llms_txt", "openapi_exists", "api_catalog", "mcp_discovery"]) {
      expect({ key, status: byKey[key]?.status, message: byKey[key]?.message }).toMatchObject({ key, status: "pass" });
    }
    // SEP-2127 discovery: found through the AI Catalog, its card at <endpoint>/server-card.
    // Locally the Worker sees the loopback address it was reached on (safe-fetch.ts: a
    // mapped host's Host header does not survive plain-http loopback), so the documents
    // name http://127.0.0.1:PORT and the crawl, which follows cards on the scanned site
    // only, credits the listing without fetching it; deployed, both are the same host.
    expect(byKey.mcp_discovery.evidence).toMatchObject({
      catalog: `https://${selfHost}/.well-known/ai-catalog.json`,
      identifier: expect.stringMatching(/^urn:air:.+:mcp:agent-readiness$/),
      card: expect.stringMatching(/\/mcp\/server-card$/),
    });
    const errors = ((byKey.mcp_discovery.evidence?.findings ?? []) as Array<{ code: string; severity: string }>).filter(
      (f) => f.severity === "error",
    );
    expect(errors).toEqual([]);
  });

  it("serves its discovery documents with their media types", async () => {
    const robots = await fetch(`${baseUrl}/robots.txt`);
    expect(robots.headers.get("Content-Type")).toMatch(/^text\/plain/);
    expect(await robots.text()).toMatch(/^User-agent: \*$/m);

    const llms = await (await fetch(`${baseUrl}/llms.txt`)).text();
    expect(llms).toMatch(/^# Agent Readiness\n\n> /);
    expect(llms).toContain(`(${baseUrl}/api/v1/openapi.json)`);
    expect(llms).toContain(`(${baseUrl}/mcp)`);

    const catalog = await fetch(`${baseUrl}/.well-known/api-catalog`);
    expect(catalog.headers.get("Content-Type")).toMatch(/^application\/linkset\+json/);
    const linkset = (await catalog.json()) as { linkset: Record<string, { href: string }[]>[] };
    expect(linkset.linkset[0]["service-desc"][0].href).toBe(`${baseUrl}/api/v1/openapi.json`);
    expect(linkset.linkset[0]["service-doc"][0].href).toBe(`${baseUrl}/api/v1/docs`);

    const cardRes = await fetch(`${baseUrl}/mcp/server-card`);
    expect(cardRes.headers.get("Content-Type")).toBe("application/mcp-server-card+json");
    expect(cardRes.headers.get("Access-Control-Allow-Origin")).toBe("*");
    const card = (await cardRes.json()) as { remotes: { type: string; url: string }[]; tools: unknown[] };
    expect(card.remotes).toMatchObject([{ type: "streamable-http", url: `${baseUrl}/mcp` }]);
    expect(card.tools.length).toBeGreaterThan(2);
    expect(await (await fetch(`${baseUrl}/.well-known/mcp.json`)).json()).toEqual(card);
    const aiCatalog = await fetch(`${baseUrl}/.well-known/ai-catalog.json`);
    expect(aiCatalog.headers.get("Content-Type")).toBe("application/ai-catalog+json");
    expect(await aiCatalog.json()).toMatchObject({ entries: [{ url: `${baseUrl}/mcp/server-card` }] });

    // /openapi.json, where agents look first, is the v1 document.
    const alias = (await (await fetch(`${baseUrl}/openapi.json`)).json()) as { openapi: string; info: unknown };
    const v1 = (await (await fetch(`${baseUrl}/api/v1/openapi.json`)).json()) as { openapi: string; info: unknown };
    expect(alias).toEqual(v1);
  });
});
