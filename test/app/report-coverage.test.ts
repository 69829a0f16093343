import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { recordConversions } from "../../shared/conversions/record-conversions";
import { database } from "../../shared/db/client";
import { DAY, HOUR, insertSession } from "../v1/traffic-fixtures";
import { FormClient, uniqueEmail } from "./form-client";

// The coverage on the app's report pages beyond Traffic and Sessions (docs/reports.md
// "Coverage"): a session's journey and the Conversions page say when their numbers are
// not complete, as the v1 answers' `data_coverage` does.

const DOMAIN = "coverage-pages.example";
const OTHER = "coverage-pages-other.example";

describe("coverage on the journey and Conversions pages", () => {
  it("shows the site's partial coverage on a journey and on the Conversions page of that site, and asks for a site when all are shown", async () => {
    const owner = new FormClient();
    await owner.signUp(uniqueEmail("coverage-pages"));
    await owner.get("/app/sites");
    expect((await owner.post("/app/sites", { domain: DOMAIN, name: "Shop" })).status).toBe(303);
    expect((await owner.post("/app/sites", { domain: OTHER, name: "Other" })).status).toBe(303);
    const site = await env.DB.prepare("SELECT id, workspace_id FROM sites WHERE domain = ?")
      .bind(DOMAIN)
      .first<{ id: string; workspace_id: string }>();
    if (!site) throw new Error("site not stored");
    const sessionId = await insertSession(site.workspace_id, site.id, {
      startedAt: Date.now() - 2 * HOUR,
      platform: "chatgpt",
    });
    const recorded = await recordConversions(
      database(env.DB),
      site.workspace_id,
      [
        {
          external_id: "cov-page-1",
          site: DOMAIN,
          occurred_at: new Date(Date.now() - HOUR).toISOString(),
          value_minor: 1200,
          currency: "EUR",
        },
      ],
      Date.now(),
    );
    expect(recorded.accepted).toBe(1);

    // Nothing reports yet on the session's site.
    expect((await owner.get(`/app/sessions/${sessionId}`)).html).toContain('data-data-coverage="none"');
    await env.DB.prepare("UPDATE sites SET snippet_installed_at = ? WHERE id = ?")
      .bind(Date.now() - DAY, site.id)
      .run();
    const journey = await owner.get(`/app/sessions/${sessionId}`);
    expect(journey.html).toContain('data-data-coverage="snippet_only"');
    expect(journey.html).toContain("Connect a log drain");

    // All sites: each has its own coverage, so the page asks for one.
    const all = await owner.get("/app/conversions?period=7d");
    expect(all.status).toBe(200);
    expect(all.html).toContain('data-data-coverage="per_site"');
    expect(all.html).toContain(`<option value="${DOMAIN}">${DOMAIN}</option>`);

    // One site: its coverage, its conversion only, and its CSV carries the kind.
    const one = await owner.get(`/app/conversions?period=7d&domain=${DOMAIN}`);
    expect(one.html).toContain('data-data-coverage="snippet_only"');
    expect(one.html).toContain('data-external-id="cov-page-1"');
    const csv = await owner.get(`/app/conversions/csv/list?period=7d&domain=${DOMAIN}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("X-Data-Coverage")).toBe("snippet_only");
    const other = await owner.get(`/app/conversions?period=7d&domain=${OTHER}`);
    expect(other.html).toContain('data-data-coverage="none"');
    expect(other.html).not.toContain('data-external-id="cov-page-1"');

    // An unknown site is the app's error page, not a 500.
    expect((await owner.get("/app/conversions?domain=nowhere.example")).status).toBe(404);
  }, 60_000);
});
