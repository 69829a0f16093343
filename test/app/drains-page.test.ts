import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { database } from "../../shared/db/client";
import { emptyDrainResult } from "../../shared/drains/accept-drain-batch";
import { bearerRefusal } from "../../shared/drains/drain-auth";
import { drainOfWorkspace, recordBatch, recordDrainRefusal } from "../../shared/drains/drain-store";
import { elementText, FormClient, uniqueEmail } from "./form-client";

// A site's Log drains page: the v1 drain use cases behind forms. The ingest Worker is
// not part of this project, so "a batch is posted" is the status write the drain
// endpoint makes after a batch (recordBatch, recordDrainRefusal) and "refused" is the
// endpoint's own secret check (bearerRefusal); the endpoint itself is tested in
// test/ingest/drains*.test.ts.

async function ownerWithSite(label: string, domain: string) {
  const owner = new FormClient();
  await owner.signUp(uniqueEmail(label));
  await owner.get("/app/sites");
  expect((await owner.post("/app/sites", { domain, name: "Shop" })).status).toBe(303);
  return owner;
}

async function drainRowsOf(domain: string): Promise<number> {
  const row = await env.DB.prepare(
    "SELECT count(*) AS n FROM drains JOIN sites ON sites.id = drains.site_id WHERE sites.domain = ?",
  )
    .bind(domain)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

describe("Log drains page", () => {
  it("creates a drain shown once, shows its batches' status in words, revokes it, and hides it from another workspace", async () => {
    const owner = await ownerWithSite("drains", "drain-page.example");
    const empty = await owner.get("/app/sites/drain-page.example/drains");
    expect(empty.status).toBe(200);
    expect(empty.html).toContain("No drain yet");
    expect(empty.html).toContain('aria-current="page">Log drains<');
    // Nothing reports yet: the traffic pages say their numbers are not complete.
    expect((await owner.get("/app/sites/drain-page.example/traffic")).html).toContain('data-data-coverage="none"');

    // Create: 303 to the page, the secret and Logpush's destination_conf shown there once.
    const created = await owner.submit("/app/sites/drain-page.example/drains", { format: "cloudflare_logpush" });
    expect(created.postStatus).toBe(303);
    expect(created.status).toBe(200);
    const secret = elementText(created.html, "new-drain") as string;
    expect(secret).toMatch(/^ar_drain_[0-9A-Za-z]{40}$/);
    const drainId = /data-drain-id="(drn_[^"]+)"/.exec(created.html)?.[1] as string;
    expect(elementText(created.html, "new-drain-0")).toBe(
      `https://app.test/ingest/drains/${drainId}?header_Authorization=Bearer%20${secret}`,
    );
    expect(created.html).toMatch(/<details id="steps-cloudflare_logpush" open/);
    expect(created.html).toContain('data-state="waiting"');

    // Reloading the result page neither shows the secret again nor creates a second drain.
    const reload = await owner.get(created.location as string);
    expect(reload.status).toBe(200);
    expect(reload.html).not.toContain(secret);
    expect(reload.html).toContain(`data-drain-id="${drainId}"`);
    expect(await drainRowsOf("drain-page.example")).toBe(1);

    // The drain endpoint accepts the secret, then writes the batch's status (4 lines: 2
    // stored, 1 stale line rejected, 1 asset skipped).
    const db = database(env.DB);
    const workspaceId = owner.workspace as string;
    const row = await drainOfWorkspace(db, workspaceId, drainId);
    expect(row && (await bearerRefusal(row, `Bearer ${secret}`))).toBeNull();
    const now = Date.now();
    await recordBatch(
      db,
      drainId,
      {
        ...emptyDrainResult(),
        lines: 4,
        accepted: 2,
        skipped: 1,
        rejected: 1,
        reasons: { stale_timestamp: 1, not_a_page_view: 1 },
      },
      now,
    );
    const after = await owner.get("/app/sites/drain-page.example/drains");
    expect(after.html).toContain('data-state="receiving"');
    expect(after.html).toContain("4 lines, 2 accepted, 1 rejected");
    expect(after.html).toContain("1 rejected: before yesterday (UTC), whose visitor-hash salt is deleted");
    expect(after.html).not.toContain("not_a_page_view</code>");
    // The drain stored lines: server-side records only (no snippet yet), on the traffic pages too.
    expect((await owner.get("/app/sites/drain-page.example/sessions")).html).toContain('data-data-coverage="drains"');

    // A request with a wrong secret later: "refusing", the reason in words.
    await recordDrainRefusal(db, drainId, "invalid_drain_secret", now + 5000);
    const refusing = await owner.get("/app/sites/drain-page.example/drains");
    expect(refusing.html).toContain('data-state="refusing"');
    expect(refusing.html).toContain("a request came with a missing or wrong secret");

    // Another workspace can neither see the page nor revoke the drain through a site of its own.
    const stranger = await ownerWithSite("drains-stranger", "drain-stranger.example");
    expect((await stranger.get("/app/sites/drain-page.example/drains")).status).toBe(404);
    const foreign = await stranger.get(`/app/w/${workspaceId}/sites/drain-page.example/drains`);
    expect(foreign.status).not.toBe(200);
    expect(foreign.html).not.toContain(drainId);
    expect((await stranger.get(`/app/sites/drain-stranger.example/drains/${drainId}/revoke`)).status).toBe(404);
    await stranger.get("/app/sites/drain-stranger.example/drains");
    expect((await stranger.post(`/app/sites/drain-stranger.example/drains/${drainId}/revoke`, {})).status).toBe(404);
    expect((await drainOfWorkspace(db, workspaceId, drainId))?.revokedAt).toBeNull();

    // Revoke after a confirmation page; the endpoint refuses the secret from then on.
    const confirm = await owner.get(`/app/sites/drain-page.example/drains/${drainId}/revoke`);
    expect(confirm.status).toBe(200);
    expect(confirm.html).toContain("Confirm revoke");
    const revoked = await owner.submit(`/app/sites/drain-page.example/drains/${drainId}/revoke`, {});
    expect(revoked.postStatus).toBe(303);
    expect(revoked.html).toContain('data-state="revoked"');
    expect(revoked.html).toContain(`Revoked the Cloudflare Logpush drain ${drainId}`);
    const gone = await drainOfWorkspace(db, workspaceId, drainId);
    expect(gone && (await bearerRefusal(gone, `Bearer ${secret}`))).toBe("revoked");
  });

  it("refuses a form without a format or without its CSRF token, and a Vercel drain keeps its verification value", async () => {
    const owner = await ownerWithSite("drains-forms", "drain-forms.example");
    await owner.get("/app/sites/drain-forms.example/drains");
    const noFormat = await owner.post("/app/sites/drain-forms.example/drains", { format: "syslog" });
    expect(noFormat.status).toBe(400);
    expect(noFormat.html).toContain("Choose where the logs come from");
    const forged = await owner.post("/app/sites/drain-forms.example/drains", {
      format: "ndjson",
      _csrf: "forged",
    });
    expect(forged.status).toBe(403);
    expect(await drainRowsOf("drain-forms.example")).toBe(0);

    await owner.get("/app/sites/drain-forms.example/drains");
    const vercel = await owner.submit("/app/sites/drain-forms.example/drains", {
      format: "vercel",
      vercel_verify: "8a9b0c1d2e3f",
    });
    expect(vercel.postStatus).toBe(303);
    expect(vercel.html).toMatch(/<details id="steps-vercel" open/);
    const secret = elementText(vercel.html, "new-drain") as string;
    // Endpoint, then the signature secret (drainSetup's order).
    expect(elementText(vercel.html, "new-drain-1")).toBe(secret);
    const row = await env.DB.prepare(
      "SELECT vercel_verify FROM drains JOIN sites ON sites.id = drains.site_id WHERE sites.domain = 'drain-forms.example'",
    ).first<{ vercel_verify: string }>();
    expect(row?.vercel_verify).toBe("8a9b0c1d2e3f");
  });

  it("a member sees the drains but cannot create or revoke one", async () => {
    const owner = await ownerWithSite("drains-roles", "drain-roles.example");
    const created = await owner.submit("/app/sites/drain-roles.example/drains", { format: "ndjson" });
    const drainId = /data-drain-id="(drn_[^"]+)"/.exec(created.html)?.[1] as string;
    await owner.get("/app/settings/members");
    const invited = await owner.submit("/app/settings/members/invites", { role: "member" });
    const path = new URL(elementText(invited.html, "invite-link") as string).pathname;
    const member = new FormClient();
    await member.get(path);
    const joined = await member.post("/app/sign-up", {
      email: uniqueEmail("drains-member"),
      password: "another long password",
      invite: path.split("/").at(-1) as string,
    });
    expect(joined.status).toBe(303);
    await member.landInWorkspace();
    const page = await member.get("/app/sites/drain-roles.example/drains");
    expect(page.status).toBe(200);
    expect(page.html).toContain(`data-drain-id="${drainId}"`);
    expect(page.html).toContain("read-only");
    expect(page.html).not.toContain("Create drain");
    expect((await member.post("/app/sites/drain-roles.example/drains", { format: "ndjson" })).status).toBe(403);
    expect((await member.get(`/app/sites/drain-roles.example/drains/${drainId}/revoke`)).status).toBe(403);
    expect((await member.post(`/app/sites/drain-roles.example/drains/${drainId}/revoke`, {})).status).toBe(403);
    expect(await drainRowsOf("drain-roles.example")).toBe(1);
  });
});
