import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { inShard } from "../helpers/shard";
import { FormClient, uniqueEmail } from "./form-client";

// Issue 23: a merchant sees who signed. A signer origin is chosen by whoever signs, so
// it is shown escaped, and an unlisted signer is never shown as verifying the platform
// its User-Agent named.

const HOSTILE = 'https://x.example"><img src=x onerror=alert(1)>';
const HOUR = 3_600_000;

async function signedSession(siteId: string, workspaceId: string, s: { signer: string; tier: string; at: number }) {
  const id = crypto.randomUUID();
  const day = new Date(s.at).toISOString().slice(0, 10);
  await inShard(env.ANALYTICS_SHARD, siteId, (db) =>
    db
      .prepare(
        `INSERT INTO sessions (id, workspace_id, site_id, visitor_hash, day, started_at, last_event_at, duration_ms,
           page_count, event_count, interaction_count, entry_url, exit_url, agent_platform, purpose, tier,
           agent_confidence, detection_signals, signer_origin, source, reached_cart, reached_purchase, dirty)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6, 0, 1, 1, 0, '/', '/', 'chatgpt', 'user_action', ?7, 0.5, ?8, ?9,
           'ai_assistant_session', 0, 0, 1)`,
      )
      .bind(
        id,
        workspaceId,
        siteId,
        `v-${id}`,
        day,
        s.at,
        s.tier,
        JSON.stringify(s.tier === "verified" ? ["signature_verified"] : ["declared_user_agent", "signature_unlisted"]),
        s.signer,
      )
      .run(),
  );
  return id;
}

describe("who signed, on the traffic page and a session's journey", () => {
  it("shows an unlisted signer's origin escaped and never as verifying the User-Agent's platform", async () => {
    const owner = new FormClient();
    await owner.signUp(uniqueEmail("signers"));
    await owner.get("/app/sites");
    expect((await owner.post("/app/sites", { domain: "signers.example", name: "Shop" })).status).toBe(303);
    const site = await env.DB.prepare("SELECT id, workspace_id FROM sites WHERE domain = 'signers.example'").first<{
      id: string;
      workspace_id: string;
    }>();
    if (!site) throw new Error("site not added");
    const at = Date.now() - 2 * HOUR;
    // Two sessions of the unlisted signer claiming ChatGPT, one of ChatGPT's own key.
    const forged = await signedSession(site.id, site.workspace_id, { signer: HOSTILE, tier: "declared", at });
    await signedSession(site.id, site.workspace_id, { signer: HOSTILE, tier: "declared", at: at + 1000 });
    await signedSession(site.id, site.workspace_id, { signer: "https://chatgpt.com", tier: "verified", at });

    const traffic = await owner.get("/app/sites/signers.example/traffic");
    expect(traffic.status).toBe(200);
    expect(traffic.html).not.toContain("<img src=x");
    expect(traffic.html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(traffic.html).toMatch(/data-metric="signed_sessions">3</);
    expect(traffic.html).toMatch(/data-metric="signers">2</);
    const rows = traffic.html.split("<tr").slice(1);
    const unlisted = rows.find((r) => r.includes('data-listed="no"')) ?? "";
    const listed = rows.find((r) => r.includes('data-listed="yes"')) ?? "";
    expect(unlisted).toContain("Unlisted: proves only who holds the key");
    expect(unlisted).not.toContain("ChatGPT");
    // Sessions 2, verified 0, declared 2, heuristic 0 (by hand: both forged sessions are declared).
    expect(unlisted.match(/<td data-label="[^"]*">(\d+)<\/td>/g)?.map((c) => c.replace(/<[^>]+>/g, ""))).toEqual([
      "2",
      "0",
      "2",
      "0",
    ]);
    expect(listed).toContain("OpenAI");
    expect(listed).toContain("Listed: verifies ChatGPT");

    const journey = await owner.get(`/app/sessions/${forged}`);
    expect(journey.status).toBe(200);
    expect(journey.html).not.toContain("<img src=x");
    expect(journey.html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(journey.html).toContain('data-listed="no"');
    // One page and one event (as seeded), counted in words: not "1 pages, 1 events".
    expect(journey.html).toContain("<dd>1 page, 1 event</dd>");
    expect(journey.html).toContain("Unlisted signer: the signature proves who holds this key");
    expect(journey.html).not.toContain("Listed signer");
    expect(journey.html).not.toContain("verifies ChatGPT");
  });
});
