import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Coverage } from "../../shared/sites/coverage-schema";
import { BASE, DAY, freshKey, getJson, HOUR, insertSession, iso, seedSite } from "./traffic-fixtures";

// Every traffic report carries the site's coverage as `data_coverage` (docs/reports.md
// "Coverage"), beside `sources`' own `coverage` (the recording setting), which stays.

const REPORTS = [
  "/traffic/overview",
  "/traffic/purpose-split",
  "/traffic/sources",
  "/traffic/verification",
  "/traffic/sessions",
  "/traffic/failing-sessions",
];

describe("data_coverage on every traffic report", () => {
  it("is none, then snippet only, then both once a drain stored a batch, on each report (its CSV answer as X-Data-Coverage), and only at the top level", async () => {
    const key = await freshKey();
    const domain = "data-coverage.example";
    const siteId = await seedSite(key.workspaceId, domain);
    const kinds = async () =>
      Promise.all(
        REPORTS.map(
          async (r) =>
            (await getJson<{ data_coverage: Coverage }>(key, `${r}?domain=${domain}&period=7d`)).data_coverage.kind,
        ),
      );
    expect(await kinds()).toEqual(REPORTS.map(() => "none"));
    // The CSV answers (sources' table, a page of sessions) carry the kind as a header.
    const csvKinds = async () =>
      Promise.all(
        ["/traffic/sources", "/traffic/sessions"].map(async (r) => {
          const res = await exports.default.fetch(`${BASE}${r}?domain=${domain}&period=7d`, {
            headers: { ...Object.fromEntries(new Headers(key.headers)), Accept: "text/csv" },
          });
          await res.text();
          return [res.headers.get("Content-Type"), res.headers.get("X-Data-Coverage")];
        }),
      );
    expect(await csvKinds()).toEqual([
      ["text/csv; charset=utf-8", "none"],
      ["text/csv; charset=utf-8", "none"],
    ]);

    const installed = Date.now() - DAY;
    await env.DB.prepare("UPDATE sites SET snippet_installed_at = ? WHERE id = ?").bind(installed, siteId).run();
    expect(await kinds()).toEqual(REPORTS.map(() => "snippet_only"));

    await env.DB.prepare(
      "INSERT INTO drains (id, workspace_id, site_id, format, secret_hash, created_at, last_accept_at) VALUES ('drn_data_cov', ?, ?, 'cloudflare_logpush', 'x', ?, ?)",
    )
      .bind(key.workspaceId, siteId, installed, installed)
      .run();
    expect(await kinds()).toEqual(REPORTS.map(() => "both"));
    expect((await csvKinds()).map(([, kind]) => kind)).toEqual(["both", "both"]);

    const sources = await getJson<{ coverage: string; data_coverage: Coverage; previous?: Record<string, unknown> }>(
      key,
      `/traffic/sources?domain=${domain}&period=7d&compare=previous`,
    );
    expect(sources.coverage).toBe("all_traffic");
    expect(sources.data_coverage).toMatchObject({
      kind: "both",
      snippet_installed_at: iso(installed),
      drains: [{ id: "drn_data_cov", format: "cloudflare_logpush", last_accept_at: iso(installed) }],
    });
    expect(sources.previous).toBeDefined();
    expect(sources.previous).not.toHaveProperty("data_coverage");
    // Nineteen report requests: generous on a loaded machine.
  }, 60_000);
});

describe("data_coverage on the journey, conversion and attribution reports", () => {
  it("is the session's site's on its journey, the site's with `domain` on attribution and conversions (CSV: X-Data-Coverage), null for the whole workspace", async () => {
    const key = await freshKey(["traffic:read", "conversions:read", "conversions:write"]);
    const domain = "coverage-journey.example";
    const other = "coverage-other.example";
    const siteId = await seedSite(key.workspaceId, domain);
    await seedSite(key.workspaceId, other);
    const started = Date.now() - 2 * HOUR;
    const sessionId = await insertSession(key.workspaceId, siteId, { startedAt: started, platform: "chatgpt" });
    const post = await exports.default.fetch(`${BASE}/conversions`, {
      method: "POST",
      headers: { ...key.headers, "Content-Type": "application/json" },
      body: JSON.stringify({
        conversions: [
          {
            external_id: "cov-1",
            site: domain,
            occurred_at: iso(Date.now() - HOUR),
            value_minor: 1000,
            currency: "EUR",
          },
        ],
      }),
    });
    expect(post.status, await post.text()).toBe(200);

    const journey = async () =>
      (await getJson<{ data_coverage: Coverage }>(key, `/traffic/sessions/${sessionId}`)).data_coverage;
    expect((await journey()).kind).toBe("none");

    // The snippet reported on the session's site only: its journey and its reports say so.
    const installed = Date.now() - DAY;
    await env.DB.prepare("UPDATE sites SET snippet_installed_at = ? WHERE id = ?").bind(installed, siteId).run();
    expect(await journey()).toMatchObject({ kind: "snippet_only", snippet_installed_at: iso(installed), drains: [] });

    const attribution = await getJson<{ site_id: string; total_conversions: number; data_coverage: Coverage | null }>(
      key,
      `/attribution/overview?domain=${domain}&period=7d`,
    );
    expect(attribution.total_conversions).toBe(1);
    expect(attribution.data_coverage?.kind).toBe("snippet_only");
    expect(
      (await getJson<{ data_coverage: Coverage | null }>(key, `/attribution/overview?domain=${other}&period=7d`))
        .data_coverage?.kind,
    ).toBe("none");
    expect(
      (await getJson<{ data_coverage: Coverage | null }>(key, "/attribution/overview?period=7d")).data_coverage,
    ).toBe(null);

    const list = await getJson<{ results: unknown[]; data_coverage: Coverage | null }>(
      key,
      `/conversions?domain=${domain}`,
    );
    expect(list.results).toHaveLength(1);
    expect(list.data_coverage?.kind).toBe("snippet_only");
    expect((await getJson<{ data_coverage: Coverage | null }>(key, "/conversions")).data_coverage).toBe(null);
    const csv = async (query: string) => {
      const res = await exports.default.fetch(`${BASE}/conversions${query}`, {
        headers: { ...Object.fromEntries(new Headers(key.headers)), Accept: "text/csv" },
      });
      await res.text();
      return res.headers.get("X-Data-Coverage");
    };
    expect(await csv(`?domain=${domain}`)).toBe("snippet_only");
    expect(await csv("")).toBe(null);
  }, 60_000);
});
