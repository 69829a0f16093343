import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { database } from "../../shared/db/client";
import { recordRobotsFetch } from "../../shared/robots/robots-history";
import { FormClient, uniqueEmail } from "./form-client";

// A site's Agent policy page: the v1 policy use cases behind one form (whole policy,
// Post/Redirect/Get, the version checked), the managed robots.txt to download.

const DEFAULTS = {
  "default.crawl": "block",
  "default.search": "allow",
  "default.user_action": "allow",
  "default.agentic_browser": "allow",
  "default.unknown": "obey_robots",
};

async function ownerWithSite(domain: string) {
  const owner = new FormClient();
  await owner.signUp(uniqueEmail("policy"));
  await owner.get("/app/sites");
  expect((await owner.post("/app/sites", { domain, name: "Shop" })).status).toBe(303);
  return owner;
}

const stored = (domain: string) =>
  env.DB.prepare(
    "SELECT p.version, p.rules, p.updated_by FROM site_policies p JOIN sites s ON s.id = p.site_id WHERE s.domain = ?",
  )
    .bind(domain)
    .first<{ version: number; rules: string; updated_by: string }>();

describe("Agent policy page", () => {
  it("saves the whole policy from its form, offers the site's own robots.txt, and refuses a stale save", async () => {
    const domain = "policy-page.example";
    const owner = await ownerWithSite(domain);
    await recordRobotsFetch(
      database(env.DB),
      domain,
      { status: 200, error: null },
      { kind: "rules", status: 200, body: "User-agent: *\nDisallow: /checkout\n" },
      Date.now() - 86_400_000,
    );
    const page = await owner.get(`/app/sites/${domain}/policy`);
    expect(page.status).toBe(200);
    expect(page.html).toContain('aria-current="page">Agent policy<');
    expect(page.html).toContain("Nothing is saved yet");
    // The robots.txt the site served is offered as the merchant's own rules.
    expect(page.html).toMatch(/<textarea[^>]*name="own_rules"[^>]*>User-agent: \*\nDisallow: \/checkout\n<\/textarea>/);

    const saved = await owner.submit(`/app/sites/${domain}/policy`, {
      version: "0",
      ...DEFAULTS,
      new_agent: "Bytespider",
      new_agent_action: "block",
      new_operator: "OpenAI",
      new_operator_purpose: "crawl",
      new_operator_action: "allow",
      new_exception_prefix: "/products",
      new_exception_action: "allow",
      new_exception_scope: "everyone",
      robots_enabled: "on",
      own_rules: "User-agent: *\r\nDisallow: /checkout\r\n",
      policy_url: "",
    });
    expect(saved.postStatus).toBe(303);
    expect(saved.html).toContain("Saved version 1.");
    const row = await stored(domain);
    expect(row?.version).toBe(1);
    expect(row?.updated_by).toMatch(/^member:/);
    expect(JSON.parse(row?.rules ?? "{}")).toEqual({
      defaults: {
        crawl: "block",
        search: "allow",
        user_action: "allow",
        agentic_browser: "allow",
        unknown: "obey_robots",
      },
      agents: [{ agent: "Bytespider", action: "block" }],
      operators: [{ operator: "OpenAI", purpose: "crawl", action: "allow" }],
      exceptions: [{ path_prefix: "/products", action: "allow", purpose: null, operator: null, agent: null }],
      robots: { enabled: true, own_rules: "User-agent: *\nDisallow: /checkout\n" },
      policy_url: null,
    });
    // Bytespider now has a select of its own; the managed file blocks it except on /products.
    expect(saved.html).toMatch(/<tr data-rule-agent="Bytespider">/);
    const file = await owner.get(`/app/sites/${domain}/policy/robots.txt`);
    expect(file.headers.get("Content-Disposition")).toBe('attachment; filename="robots.txt"');
    expect(file.html).toContain("User-agent: Bytespider");
    expect(file.html).toContain("Allow: /products");

    // A second tab still holding version 0 saves over nothing: refused, the page says so.
    const stale = await owner.post(`/app/sites/${domain}/policy`, { version: "0", ...DEFAULTS });
    expect(stale.status).toBe(409);
    expect(stale.html).toContain("no longer at version 0");
    expect((await stored(domain))?.version).toBe(1);

    // Removing the exception and Bytespider's rule from the form removes them.
    const next = await owner.submit(`/app/sites/${domain}/policy`, {
      version: "1",
      ...DEFAULTS,
      "agent.Bytespider": "default",
      "operator.0.operator": "OpenAI",
      "operator.0.purpose": "crawl",
      "operator.0.action": "remove",
      "exception.0.prefix": "/products",
      "exception.0.action": "allow",
      "exception.0.scope": "everyone",
      "exception.0.remove": "on",
      own_rules: "",
    });
    expect(next.postStatus).toBe(303);
    const rules = JSON.parse((await stored(domain))?.rules ?? "{}");
    expect(rules).toMatchObject({ agents: [], operators: [], exceptions: [], robots: { enabled: false } });
  });

  it("says what is wrong with a bad path prefix and keeps the policy", async () => {
    const domain = "policy-bad-page.example";
    const owner = await ownerWithSite(domain);
    await owner.get(`/app/sites/${domain}/policy`);
    const bad = await owner.post(`/app/sites/${domain}/policy`, {
      version: "0",
      ...DEFAULTS,
      new_exception_prefix: "/a*b",
      new_exception_action: "block",
      new_exception_scope: "everyone",
    });
    expect(bad.status).toBe(400);
    expect(bad.html).toContain("Not saved: exceptions.0.path_prefix");
    expect(await stored(domain)).toBeNull();
  });

  it("answers another workspace's site as not found", async () => {
    await ownerWithSite("policy-owned.example");
    const stranger = new FormClient();
    await stranger.signUp(uniqueEmail("stranger"));
    expect((await stranger.get("/app/sites/policy-owned.example/policy")).status).toBe(404);
  });
});
