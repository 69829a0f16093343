import { describe, expect, inject, it } from "vitest";
import { readAgentCard } from "../../shared/verification/agent-card";
import { DIRECTORY_SIGNATURE_TAG } from "../../shared/verification/directory-proof";
import { jwkThumbprint, type PublicJwk } from "../../shared/verification/jwk";
import { KeyDirectoryCache } from "../../shared/verification/key-directory";
import { keySourceOf, parseSignatureAgent, signatureAgentForm } from "../../shared/verification/signature-agent";
import type { SignedMessage } from "../../shared/verification/signature-base";
import { verifyWebBotAuth } from "../../shared/verification/web-bot-auth";
import { fixtureHits, setFixture } from "./helpers";

// draft-ietf-webbotauth-httpsig-protocol: Signature-Agent types and key discovery.
const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const NOW_S = NOW / 1000;

function b64(bytes: ArrayBuffer | Uint8Array): string {
  return btoa(String.fromCharCode(...new Uint8Array(bytes)));
}

async function newSigner() {
  const pair = (await crypto.subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"])) as CryptoKeyPair;
  const exported = (await crypto.subtle.exportKey("jwk", pair.publicKey)) as PublicJwk;
  const jwk = { kty: "OKP", crv: "Ed25519", x: exported.x };
  const keyid = (await jwkThumbprint(jwk)) as string;
  const sign = async (base: string) =>
    b64(await crypto.subtle.sign({ name: "Ed25519" }, pair.privateKey, new TextEncoder().encode(base)));
  return { jwk, keyid, sign };
}

/** A request to ingest.example signed over @authority and its Signature-Agent member. */
async function signedRequest(s: Awaited<ReturnType<typeof newSigner>>, agentHeader: string): Promise<SignedMessage> {
  const params = `("@authority" "signature-agent";key="sig1");created=${NOW_S};keyid="${s.keyid}";alg="ed25519";expires=${NOW_S + 300};tag="web-bot-auth"`;
  const member = agentHeader.slice("sig1=".length);
  const base = [
    `"@authority": ingest.example`,
    `"signature-agent";key="sig1": ${member}`,
    `"@signature-params": ${params}`,
  ];
  const headers: Record<string, string> = {
    "signature-agent": agentHeader,
    "signature-input": `sig1=${params}`,
    signature: `sig1=:${await s.sign(base.join("\n"))}:`,
  };
  return { method: "POST", url: "https://ingest.example/ingest/e", header: (n) => headers[n] ?? null };
}

const jwksFixture = (keys: unknown[], headers: Record<string, string> = {}) => ({
  status: 200,
  headers: { "Content-Type": "application/json", ...headers },
  body: JSON.stringify({ keys }),
});

describe("Signature-Agent member types", () => {
  it("reads the Dictionary form with its type, and the legacy bare String under the signature label", () => {
    expect(parseSignatureAgent('a="https://x.example";type=jwks_uri, b="https://y.example"')).toEqual([
      { label: "a", uri: "https://x.example", type: "jwks_uri" },
      { label: "b", uri: "https://y.example", type: "directory" },
    ]);
    expect(parseSignatureAgent('"https://chatgpt.com"', "sig1")).toEqual([
      { label: "sig1", uri: "https://chatgpt.com", type: "directory" },
    ]);
  });

  it("ignores unknown types and non-https URIs, and reads a directory member with a path as the JWK Set URL (editor's copy)", () => {
    const source = (uri: string, type = "directory") => keySourceOf({ label: "s", uri, type });
    expect(source("https://x.example")).toEqual({ type: "directory", url: "https://x.example" });
    expect(source("https://x.example/")).toEqual({ type: "directory", url: "https://x.example" });
    // The WG editor's copy: an untyped member with a path is the JWK Set URL itself.
    expect(source("https://x.example/keys")).toEqual({ type: "jwks_uri", url: "https://x.example/keys" });
    expect(source("https://x.example/.well-known/http-message-signatures-directory")).toEqual({
      type: "directory",
      url: "https://x.example",
    });
    expect(source("https://x.example/?q=1")).toBeNull();
    expect(source("http://x.example")).toBeNull();
    expect(source("https://x.example/k.json", "x509")).toBeNull();
    expect(source("https://x.example/k.json#a", "jwks_uri")).toEqual({
      type: "jwks_uri",
      url: "https://x.example/k.json",
    });
  });

  it("verifies through a jwks_uri member, without binding the key to the host's domain", async () => {
    const s = await newSigner();
    await setFixture("keys-jwks.example.com/agents/jwks.json", jwksFixture([{ ...s.jwk, kid: "operator-label" }]));
    const cache = new KeyDirectoryCache({ resolve: new Map() });
    const msg = await signedRequest(s, 'sig1="https://keys-jwks.example.com/agents/jwks.json";type=jwks_uri');
    const result = await verifyWebBotAuth(msg, { nowMs: NOW, keys: cache.lookup, rejectTestKeys: true });
    expect(result).toEqual({
      status: "verified",
      signer: { source: { type: "jwks_uri", url: "https://keys-jwks.example.com/agents/jwks.json" }, card: null },
      signatureAgentForm: "dictionary",
    });
  });

  it("verifies through a cimd member whose card carries its keys inline", async () => {
    const s = await newSigner();
    const url = "https://keys-cimd.example.com/bot";
    await setFixture("keys-cimd.example.com/bot", {
      status: 200,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ client_id: url, client_name: "Bot", jwks: { keys: [s.jwk] } }),
    });
    const cache = new KeyDirectoryCache({ resolve: new Map() });
    const result = await verifyWebBotAuth(await signedRequest(s, `sig1="${url}";type=cimd`), {
      nowMs: NOW,
      keys: cache.lookup,
      rejectTestKeys: true,
    });
    expect(result.status).toBe("verified");
  });

  it("leaves a request whose member is ignored unverified, not invalid", async () => {
    const s = await newSigner();
    const result = await verifyWebBotAuth(await signedRequest(s, 'sig1="https://keys.example/k";type=x509'), {
      nowMs: NOW,
      keys: async () => s.jwk,
      rejectTestKeys: true,
    });
    expect(result.status).toBe("unverified");
  });
});

describe("bounds on key-source fetching", () => {
  it("fetches at most the budget of unknown key sources, then answers from the cache only", async () => {
    const s = await newSigner();
    const hosts = ["budget-a", "budget-b", "budget-c"].map((h) => `${h}.example.com/jwks.json`);
    for (const h of hosts) await setFixture(h, jwksFixture([s.jwk]));
    const cache = new KeyDirectoryCache({ resolve: new Map() });
    const lookup = cache.budgeted(2);
    const verify = (host: string) =>
      signedRequest(s, `sig1="https://${host}";type=jwks_uri`).then((msg) =>
        verifyWebBotAuth(msg, { nowMs: NOW, keys: lookup, rejectTestKeys: true }),
      );
    expect((await verify(hosts[0])).status).toBe("verified");
    expect((await verify(hosts[1])).status).toBe("verified");
    // The third source is past the budget: not fetched, so the request stays unverified.
    expect((await verify(hosts[2])).status).toBe("unverified");
    expect(await fixtureHits(hosts[2])).toBe(0);
    // Sources already held cost nothing and still verify.
    expect((await verify(hosts[0])).status).toBe("verified");
    expect(await fixtureHits(hosts[0])).toBe(1);
    // The next request has a budget of its own.
    const next = await verifyWebBotAuth(await signedRequest(s, `sig1="https://${hosts[2]}";type=jwks_uri`), {
      nowMs: NOW,
      keys: cache.budgeted(2),
      rejectTestKeys: true,
    });
    expect(next.status).toBe("verified");
  });

  it("holds at most maxSources key sources per isolate, dropping the oldest", async () => {
    const s = await newSigner();
    const hosts = ["evict-a", "evict-b", "evict-c"].map((h) => `${h}.example.com/jwks.json`);
    for (const h of hosts) await setFixture(h, jwksFixture([s.jwk]));
    const cache = new KeyDirectoryCache({ resolve: new Map(), maxSources: 2 });
    const verify = async (host: string) =>
      (
        await verifyWebBotAuth(await signedRequest(s, `sig1="https://${host}";type=jwks_uri`), {
          nowMs: NOW,
          keys: cache.lookup,
          rejectTestKeys: true,
        })
      ).status;
    for (const h of hosts) expect(await verify(h)).toBe("verified");
    // c and b are held; a was dropped, so it is fetched again.
    expect(await verify(hosts[2])).toBe("verified");
    expect(await fixtureHits(hosts[2])).toBe(1);
    expect(await verify(hosts[0])).toBe("verified");
    expect(await fixtureHits(hosts[0])).toBe(2);
  });
});

describe("signed key directories (possession proof per key)", () => {
  async function signedDirectory(host: string, s: Awaited<ReturnType<typeof newSigner>>, tamper = false) {
    const body = JSON.stringify({ keys: [s.jwk] });
    const digest = b64(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(tamper ? `${body} ` : body)));
    const params = `("@authority";req "content-digest");created=${NOW_S - 60};expires=${NOW_S + 3600};keyid="${s.keyid}";tag="${DIRECTORY_SIGNATURE_TAG}"`;
    // RFC 9421 §2.5 base for the response, written out by hand.
    const base = [
      `"@authority";req: ${host}`,
      `"content-digest": sha-256=:${digest}:`,
      `"@signature-params": ${params}`,
    ];
    return {
      status: 200,
      headers: {
        "Content-Type": "application/http-message-signatures-directory+json",
        "Content-Digest": `sha-256=:${digest}:`,
        "Signature-Input": `binding0=${params}`,
        Signature: `binding0=:${await s.sign(base.join("\n"))}:`,
      },
      body,
    };
  }

  it("uses a key whose proof validates, and drops one whose Content-Digest does not match the body", async () => {
    const good = await newSigner();
    await setFixture(
      "keys-signed.example.com/.well-known/http-message-signatures-directory",
      await signedDirectory("keys-signed.example.com", good),
    );
    const bad = await newSigner();
    await setFixture(
      "keys-forged.example.com/.well-known/http-message-signatures-directory",
      await signedDirectory("keys-forged.example.com", bad, true),
    );
    const cache = new KeyDirectoryCache({ resolve: new Map(), now: () => NOW });
    expect(await cache.lookup({ type: "directory", url: "https://keys-signed.example.com" }, good.keyid)).toMatchObject(
      {
        x: good.jwk.x,
      },
    );
    expect(await cache.lookup({ type: "directory", url: "https://keys-forged.example.com" }, bad.keyid)).toBeNull();
  });

  it("still uses keys of a directory that carries no proof (the draft lets a verifier resolve without one)", async () => {
    const s = await newSigner();
    await setFixture(
      "keys-plain.example.com/.well-known/http-message-signatures-directory",
      jwksFixture([s.jwk], { "Content-Type": "application/http-message-signatures-directory+json" }),
    );
    const cache = new KeyDirectoryCache({ resolve: new Map(), now: () => NOW });
    expect(await cache.lookup({ type: "directory", url: "https://keys-plain.example.com" }, s.keyid)).not.toBeNull();
  });
});

// Issue 45: the key-directory fetch rules of Web Bot Auth draft -01 (2026-10-29): an HTTP
// 200, no redirect followed, and the right media type, or there is no key source.
describe("key directory fetch rules (draft -01)", () => {
  it("takes a directory only with its media type, and a JWK Set only as JSON", async () => {
    const s = await newSigner();
    await setFixture("wrong-type.example.com/.well-known/http-message-signatures-directory", jwksFixture([s.jwk]));
    await setFixture(
      "right-type.example.com/.well-known/http-message-signatures-directory",
      jwksFixture([s.jwk], { "Content-Type": "application/http-message-signatures-directory+json; charset=utf-8" }),
    );
    await setFixture(
      "jwks.example.com/keys.json",
      jwksFixture([s.jwk], { "Content-Type": "application/jwk-set+json" }),
    );
    await setFixture("html.example.com/keys.json", jwksFixture([s.jwk], { "Content-Type": "text/html" }));
    const cache = new KeyDirectoryCache({ resolve: new Map(), now: () => NOW });
    expect(await cache.lookup({ type: "directory", url: "https://wrong-type.example.com" }, s.keyid)).toBeNull();
    expect(await cache.lookup({ type: "directory", url: "https://right-type.example.com" }, s.keyid)).not.toBeNull();
    expect(await cache.lookup({ type: "jwks_uri", url: "https://jwks.example.com/keys.json" }, s.keyid)).not.toBeNull();
    expect(await cache.lookup({ type: "jwks_uri", url: "https://html.example.com/keys.json" }, s.keyid)).toBeNull();
  });

  it("takes only a 200: a 203 or a 204 with keys is no directory", async () => {
    const s = await newSigner();
    const typed = { "Content-Type": "application/http-message-signatures-directory+json" };
    await setFixture("status-203.example.com/.well-known/http-message-signatures-directory", {
      ...jwksFixture([s.jwk], typed),
      status: 203,
    });
    const cache = new KeyDirectoryCache({ resolve: new Map(), now: () => NOW });
    expect(await cache.lookup({ type: "directory", url: "https://status-203.example.com" }, s.keyid)).toBeNull();
  });
});

describe("which Signature-Agent form a request sent", () => {
  it("reads the working group's Dictionary and Cloudflare's String as the two forms", () => {
    expect(signatureAgentForm('sig1="https://agent.example"')).toBe("dictionary");
    expect(signatureAgentForm('"https://signature-agent.cloudflare.com"')).toBe("string");
  });
});

const agentVectors = inject("sharedSignatureAgentVectors");
const cardVectors = inject("sharedAgentCardVectors");

describe("public Signature-Agent and Signature Agent Card vectors from ../shared/data/web-bot-auth", () => {
  it.skipIf(!agentVectors)(
    agentVectors
      ? "parses every Signature-Agent header vector"
      : "skipped: ../shared/data/web-bot-auth is not present on this machine",
    () => {
      const vectors = JSON.parse(agentVectors) as { name: string; header: string; entries: unknown[] }[];
      expect(vectors.length).toBeGreaterThan(0);
      for (const v of vectors) expect(parseSignatureAgent(v.header), v.name).toEqual(v.entries);
    },
  );

  it.skipIf(!cardVectors)(
    cardVectors
      ? "accepts and refuses Signature Agent Cards as the vectors say"
      : "skipped: ../shared/data/web-bot-auth is not present on this machine",
    () => {
      const vectors = JSON.parse(cardVectors) as {
        name: string;
        url: string;
        valid: boolean;
        error?: string;
        card: unknown;
      }[];
      for (const v of vectors) {
        const read = readAgentCard(v.url, v.card);
        if (v.valid) expect("error" in read, v.name).toBe(false);
        else expect(read, v.name).toEqual({ error: v.error });
      }
    },
  );
});
