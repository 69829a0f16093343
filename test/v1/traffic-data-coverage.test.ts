import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Coverage } from "../../shared/reports/coverage-schema";
import { BASE, DAY, freshKey, getJson, iso, seedSite } from "./traffic-fixtures";

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
