import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { verifyRequestSignature } from "../../shared/verification/verify-request";
import { inShard } from "../helpers/shard";
import { acceptedServerEvents, seedSite, setFixture } from "./helpers";
import { chatgptSigner, newSigner, type Signer, signatureHeaders } from "./signer";

// Issue 23: "verified" means a listed signer (shared/classify/listed-signers.ts), read
// through every Signature-Agent form in use; a valid signature by anyone else is what it
// is. The key sources below are answered by the Node-side outbound stand-in.
const CHATGPT_USER =
  "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot";
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";

const json = (doc: unknown) => ({
  status: 200,
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify(doc),
});
/** A key directory, served with its media type (Web Bot Auth draft -01: any other is no directory). */
const directory = (doc: unknown) => ({
  status: 200,
  headers: { "Content-Type": "application/http-message-signatures-directory+json" },
  body: JSON.stringify(doc),
});

async function sessionsOf(siteId: string, n: number) {
  for (let i = 0; i < 100; i++) {
    const { results } = await inShard(env.ANALYTICS_SHARD, siteId, (db) =>
      db.prepare("SELECT * FROM sessions WHERE site_id = ?").bind(siteId).all<Record<string, unknown>>(),
    );
    if (results.length >= n) return results;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("sessions did not appear");
}

/** One signed server-side record for `domain`, through the whole acceptance path. */
async function record(
  domain: string,
  s: Signer,
  agentHeader: string,
  userAgent: string,
  extra: Record<string, string> = {},
) {
  const site = await seedSite(domain);
  const now = Date.now();
  const headers = { ...(await signatureHeaders(s, domain, agentHeader, now)), ...extra };
  const result = await acceptedServerEvents(
    site.workspaceId,
    [
      {
        timestamp: now,
        domain,
        path: "/products/mug",
        method: "GET",
        status: 200,
        user_agent: userAgent,
        ip: "198.51.100.9",
        headers,
      },
    ],
    now,
  );
  expect(result.results[0]).toEqual({ index: 0, status: "accepted" });
  const [session] = await sessionsOf(site.id, 1);
  return session;
}

const msgFor = (authority: string, headers: Record<string, string>) => ({
  method: "GET",
  url: `https://${authority}/`,
  header: (n: string) => headers[n] ?? null,
});

describe("who a signature verifies", () => {
  it("ends the forged journey (own key at its own directory + ChatGPT-User UA) declared, never verified chatgpt", async () => {
    const forger = await newSigner();
    await setFixture(
      "forger-keys.example.net/.well-known/http-message-signatures-directory",
      directory({ keys: [forger.jwk] }),
    );
    const session = await record("forged.example", forger, '"https://forger-keys.example.net"', CHATGPT_USER);
    expect(session).toMatchObject({
      tier: "declared",
      agent_platform: "chatgpt",
      agent_confidence: 0.6,
      // The form of Signature-Agent it sent is on record too (issue 45): Cloudflare's String;
      // the User-Agent's operator publishes ChatGPT-User's ranges, and the address is outside them.
      detection_signals: '["declared_user_agent","signature_agent_string","signature_unlisted","verification_failed"]',
      // The identity the signature does prove is kept on the session.
      signer_origin: "https://forger-keys.example.net",
    });
  });

  it("still verifies a key served by a listed operator's own directory, whatever the UA", async () => {
    const openai = await chatgptSigner();
    await setFixture("chatgpt.com/.well-known/http-message-signatures-directory", directory({ keys: [openai.jwk] }));
    const session = await record("listed.example", openai, '"https://chatgpt.com"', CHROME);
    expect(session).toMatchObject({
      tier: "verified",
      agent_platform: "chatgpt",
      purpose: "user_action",
      detection_signals: '["signature_agent_string","signature_verified"]',
      signer_origin: "https://chatgpt.com",
    });
  });

  it("takes the purpose from a listed operator's Signature Agent Card over the UA's", async () => {
    const s = await newSigner();
    const card = "https://chatgpt.com/.well-known/agents/search.json";
    await setFixture(
      "chatgpt.com/.well-known/agents/search.json",
      json({
        client_id: card,
        client_name: "OAI-SearchBot",
        jwks: { keys: [s.jwk] },
        web_bot_auth: { "rfc9309-product-token": "OAI-SearchBot", purpose: "search", trigger: "crawler" },
      }),
    );
    const session = await record("carded.example", s, `sig1="${card}";type=cimd`, CHATGPT_USER);
    expect(session).toMatchObject({ tier: "verified", agent_platform: "chatgpt", purpose: "search" });
  });

  it("reads every Signature-Agent form in use: editor's copy, jwks_uri (UCP), directory default, cimd, legacy String", async () => {
    const s = await newSigner();
    await setFixture("forms.example.org/keys/jwks.json", json({ keys: [s.jwk] }));
    await setFixture("forms.example.org/.well-known/http-message-signatures-directory", directory({ keys: [s.jwk] }));
    const cardUrl = "https://forms.example.org/card";
    await setFixture(
      "forms.example.org/card",
      json({ client_id: cardUrl, jwks_uri: "https://forms.example.org/keys/jwks.json" }),
    );
    const forms: Array<[string, string, { type: string; url: string }]> = [
      [
        "editor's copy",
        'sig1="https://forms.example.org/keys/jwks.json"',
        { type: "jwks_uri", url: "https://forms.example.org/keys/jwks.json" },
      ],
      [
        "UCP jwks_uri",
        'sig1="https://forms.example.org/keys/jwks.json";type=jwks_uri',
        { type: "jwks_uri", url: "https://forms.example.org/keys/jwks.json" },
      ],
      [
        "directory default",
        'sig1="https://forms.example.org"',
        { type: "directory", url: "https://forms.example.org" },
      ],
      [
        "explicit directory",
        'sig1="https://forms.example.org";type=directory',
        { type: "directory", url: "https://forms.example.org" },
      ],
      ["cimd card", `sig1="${cardUrl}";type=cimd`, { type: "cimd", url: cardUrl }],
      ["legacy String", '"https://forms.example.org"', { type: "directory", url: "https://forms.example.org" }],
    ];
    for (const [name, header, source] of forms) {
      const headers = await signatureHeaders(s, "shop.example", header);
      const outcome = await verifyRequestSignature(env, msgFor("shop.example", headers));
      expect(outcome.status, name).toBe("verified");
      expect(outcome.signer?.source, name).toEqual(source);
      // Which form it was: the working group's Dictionary, or the String (issue 45).
      expect(outcome.signatureAgentForm, name).toBe(header.startsWith('"') ? "string" : "dictionary");
    }
  });

  it("reads UCP-Agent on a server-side record as a declared claim", async () => {
    const site = await seedSite("ucp-claim.example");
    const now = Date.now();
    await acceptedServerEvents(
      site.workspaceId,
      [
        {
          timestamp: now,
          domain: "ucp-claim.example",
          path: "/",
          method: "GET",
          status: 200,
          user_agent: CHROME,
          ip: "198.51.100.10",
          headers: { "ucp-agent": 'profile="https://buyer-agent.example/ucp.json"' },
        },
      ],
      now,
    );
    const [session] = await sessionsOf(site.id, 1);
    expect(session).toMatchObject({
      tier: "declared",
      agent_platform: "other_ai",
      detection_signals: '["declared_ucp_agent"]',
    });
  });
});
