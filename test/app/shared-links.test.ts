import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { sharedLinkPasswordLimits, sharedLinkViewLimits } from "../../shared/shared-links/open-shared-link";
import { freezeClock, windowStart } from "../helpers/clock";
import { DAY, HOUR, insertSession, todayStart } from "../v1/traffic-fixtures";
import { elementText, FormClient, uniqueEmail } from "./form-client";

// Shared links to a site's dashboard (docs/app.md "Shared links"): created and revoked by
// the site's owners, opened signed out, read-only, one site only, nothing of the workspace
// shown, never indexed; a password is asked for, checked against its hash, and guessing
// it is limited. Hand counts: two ChatGPT sessions and one Claude session three days back
// on the shared site, one Perplexity session on the workspace's other site.

async function ownerWithTwoSites(label: string) {
  const owner = new FormClient();
  const email = uniqueEmail(label);
  await owner.signUp(email);
  await owner.get("/app/sites");
  const shared = `${label}-shared.example`;
  const other = `${label}-other.example`;
  for (const domain of [shared, other])
    expect((await owner.post("/app/sites", { domain, name: domain })).status).toBe(303);
  const row = (domain: string) =>
    env.DB.prepare("SELECT id, workspace_id FROM sites WHERE domain = ?")
      .bind(domain)
      .first<{ id: string; workspace_id: string }>();
  const [a, b] = [await row(shared), await row(other)];
  if (!a || !b) throw new Error("sites not stored");
  const d = todayStart() - 3 * DAY;
  await insertSession(a.workspace_id, a.id, { startedAt: d + HOUR, platform: "chatgpt" });
  await insertSession(a.workspace_id, a.id, { startedAt: d + 2 * HOUR, platform: "chatgpt", purpose: "search" });
  await insertSession(a.workspace_id, a.id, { startedAt: d + 3 * HOUR, platform: "claude" });
  await insertSession(b.workspace_id, b.id, { startedAt: d + HOUR, platform: "perplexity" });
  return { owner, email, shared, other, workspaceId: a.workspace_id };
}

/** Creates a link on the site's sharing page; returns its path (/app/share/…). */
async function createLink(owner: FormClient, domain: string, fields: { name: string; password?: string }) {
  await owner.get(`/app/sites/${domain}/sharing`);
  const page = await owner.submit(`/app/sites/${domain}/sharing`, { password: "", ...fields });
  expect(page.postStatus).toBe(303);
  const address = elementText(page.html, "new-link");
  if (!address) throw new Error(`no link shown: ${page.html.slice(0, 300)}`);
  return new URL(address).pathname;
}

const metric = (html: string, name: string) => new RegExp(`data-metric="${name}"[^>]*>([^<]*)<`).exec(html)?.[1];

describe("shared links", () => {
  it("opens the site's dashboard signed out, read-only, with nothing of the workspace and never indexed", async () => {
    const { owner, email, shared, other, workspaceId } = await ownerWithTwoSites("share-open");
    const path = await createLink(owner, shared, { name: "For the agency" });
    const visitor = new FormClient();
    const page = await visitor.requestRaw(`${path}?period=7d`);
    expect(page.status).toBe(200);
    expect(metric(page.html, "total_sessions")).toBe("3");
    expect(page.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    expect(page.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(page.headers.get("Cache-Control")).toBe("no-store");
    expect(page.html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    // Nothing of the workspace: its id, its name, the owner, the link's name, its other
    // site, the app's navigation and downloads.
    for (const secret of [workspaceId, email, "For the agency", other, "/app/w/", "Download CSV", "Sign out"])
      expect(page.html, secret).not.toContain(secret);
    // Filters are the page's own links; a domain in the query names no other site.
    expect(page.html).toContain(`href="${path}?period=7d&amp;agent_platform=chatgpt"`);
    const filtered = await visitor.requestRaw(`${path}?period=7d&agent_platform=chatgpt&domain=${other}`);
    expect(metric(filtered.html, "total_sessions")).toBe("2");
    const perplexity = await visitor.requestRaw(`${path}?period=7d&agent_platform=perplexity`);
    expect(metric(perplexity.html, "total_sessions")).toBe("0");
    // The table holds the token's hash, never the token.
    const token = path.split("/").pop() as string;
    const stored = await env.DB.prepare("SELECT token_hash, password_hash FROM shared_links WHERE name = ?")
      .bind("For the agency")
      .first<{ token_hash: string; password_hash: string | null }>();
    expect(stored?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.token_hash).not.toContain(token);
    expect(stored?.password_hash).toBeNull();
  });

  it("answers not found once revoked, for a token never issued and for one of the wrong shape", async () => {
    const { owner, shared } = await ownerWithTwoSites("share-revoke");
    const path = await createLink(owner, shared, { name: "Temporary" });
    const visitor = new FormClient();
    expect((await visitor.requestRaw(path)).status).toBe(200);
    const list = await owner.get(`/app/sites/${shared}/sharing`);
    const id = /data-link="(shl_[A-Za-z0-9]+)"/.exec(list.html)?.[1] as string;
    // Another workspace cannot revoke it: its own site of that name does not exist there.
    const stranger = new FormClient();
    await stranger.signUp(uniqueEmail("share-stranger"));
    await stranger.get("/app/sites");
    expect((await stranger.post(`/app/sites/${shared}/sharing/${id}/revoke`, {})).status).toBe(404);
    expect((await visitor.requestRaw(path)).status).toBe(200);
    const revoked = await owner.submit(`/app/sites/${shared}/sharing/${id}/revoke`, {});
    expect(revoked.postStatus).toBe(303);
    expect(revoked.html).toContain("Revoked “Temporary”");
    const gone = await visitor.requestRaw(path);
    expect(gone.status).toBe(404);
    expect(gone.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    expect((await visitor.requestRaw(`/app/share/${"x".repeat(43)}`)).status).toBe(404);
    expect((await visitor.requestRaw("/app/share/not-a-token")).status).toBe(404);
  });

  it("asks for a link's password, keeps a proof for that link only, and limits guesses", async () => {
    const { owner, shared } = await ownerWithTwoSites("share-password");
    const locked = await createLink(owner, shared, { name: "Board", password: "correct horse battery" });
    const open = await createLink(owner, shared, { name: "Other", password: "another long password" });
    const visitor = new FormClient(undefined, "198.51.100.250");
    const first = await visitor.requestRaw(locked);
    expect(first.status).toBe(200);
    expect(first.html).toContain("protected by a password");
    expect(metric(first.html, "total_sessions")).toBeUndefined();
    const csrf = () => /name="_csrf" value="([^"]+)"/.exec(visitor.lastHtml)?.[1] as string;
    const tryPassword = (path: string, password: string) =>
      visitor.requestRaw(path, {
        method: "POST",
        body: new URLSearchParams({ _csrf: csrf(), password }),
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      });
    const wrong = await tryPassword(locked, "not the password");
    expect(wrong.status).toBe(400);
    expect(wrong.html).toContain("That password is not right.");
    const right = await tryPassword(locked, "correct horse battery");
    expect(right.status).toBe(303);
    expect(right.setCookies.join("; ")).toMatch(/HttpOnly/);
    expect(metric((await visitor.requestRaw(locked)).html, "total_sessions")).toBe("3");
    // The proof opens its own link only.
    expect((await visitor.requestRaw(open)).html).toContain("protected by a password");
    // Guessing: the link's window counts wrong passwords; past it even the right one waits.
    const guesser = new FormClient(undefined, "198.51.100.251");
    await guesser.requestRaw(open);
    const guess = (password: string) =>
      guesser.requestRaw(open, {
        method: "POST",
        body: new URLSearchParams({
          _csrf: /name="_csrf" value="([^"]+)"/.exec(guesser.lastHtml)?.[1] as string,
          password,
        }),
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      });
    const limit = sharedLinkPasswordLimits.link[0].limit;
    for (let i = 0; i < limit; i++) expect((await guess(`guess number ${i}`)).status).toBe(400);
    const refused = await guess("another long password");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("refuses a password shorter than the password policy's minimum and creates nothing", async () => {
    const { owner, shared } = await ownerWithTwoSites("share-rules");
    await owner.get(`/app/sites/${shared}/sharing`);
    const short = await owner.post(`/app/sites/${shared}/sharing`, { name: "Short", password: "abc" });
    expect(short.status).toBe(400);
    expect(short.html).toContain("at least 8 characters");
    const none = await env.DB.prepare("SELECT count(*) AS n FROM shared_links WHERE name = 'Short'").first<{
      n: number;
    }>();
    expect(none?.n).toBe(0);
  });

  it("limits the views from one address, so a script cannot replay reports through a link", async () => {
    const { owner, shared } = await ownerWithTwoSites("share-views");
    const path = await createLink(owner, shared, { name: "Public" });
    const visitor = new FormClient(undefined, "198.51.100.252");
    // The window is fixed (a minute from :00): time stands 15 s into the next one, so the
    // views on a busy machine cannot straddle two windows (test/helpers/clock.ts).
    freezeClock(windowStart(Date.now(), sharedLinkViewLimits[0].periodSeconds * 1000) + 75_000);
    for (let i = 0; i < sharedLinkViewLimits[0].limit; i++) expect((await visitor.requestRaw(path)).status).toBe(200);
    const refused = await visitor.requestRaw(path);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Another address is not held back by it.
    expect((await new FormClient(undefined, "198.51.100.253").requestRaw(path)).status).toBe(200);
  }, 60_000);
});
