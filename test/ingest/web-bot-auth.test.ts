import { describe, expect, inject, it } from "vitest";
import { jwkThumbprint, type PublicJwk } from "../../shared/verification/jwk";
import { KeyDirectoryCache } from "../../shared/verification/key-directory";
import type { SignedMessage } from "../../shared/verification/signature-base";
import { type KeyLookup, verifyWebBotAuth } from "../../shared/verification/web-bot-auth";
import { fixtureHits, setFixture } from "./helpers";

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const NOW_S = NOW / 1000;

function b64(bytes: ArrayBuffer): string {
  return btoa(String.fromCharCode(...new Uint8Array(bytes)));
}

async function newSigner() {
  const pair = (await crypto.subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"])) as CryptoKeyPair;
  const jwk = (await crypto.subtle.exportKey("jwk", pair.publicKey)) as PublicJwk;
  const keyid = (await jwkThumbprint(jwk)) as string;
  const sign = async (base: string) =>
    b64(await crypto.subtle.sign({ name: "Ed25519" }, pair.privateKey, new TextEncoder().encode(base)));
  return { jwk: { kty: jwk.kty, crv: jwk.crv, x: jwk.x }, keyid, sign };
}

function message(url: string, headers: Record<string, string>, method = "POST"): SignedMessage {
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return { method, url, header: (n) => lower[n] ?? null };
}

const dir = (url: string) => ({ type: "directory" as const, url });

function lookupFor(origin: string | null, keyid: string, jwk: PublicJwk): KeyLookup {
  return async (source, k) => ((source?.url ?? null) === origin && k === keyid ? jwk : null);
}

describe("Web Bot Auth (RFC 9421) with our own Ed25519 key", () => {
  it("verifies a dictionary Signature-Agent signature over a hand-written signature base", async () => {
    const s = await newSigner();
    const params = `("@authority" "signature-agent";key="agent1");created=${NOW_S - 10};keyid="${s.keyid}";alg="ed25519";expires=${NOW_S + 300};nonce="bm9uY2U=";tag="web-bot-auth"`;
    // RFC 9421 §2.5, written out by hand: one line per covered component, then params.
    const base = [
      `"@authority": ingest.example`,
      `"signature-agent";key="agent1": "https://signer.example"`,
      `"@signature-params": ${params}`,
    ].join("\n");
    const msg = message("https://ingest.example/ingest/e", {
      "Signature-Agent": 'agent1="https://signer.example"',
      "Signature-Input": `sig1=${params}`,
      Signature: `sig1=:${await s.sign(base)}:`,
    });
    const result = await verifyWebBotAuth(msg, {
      nowMs: NOW,
      keys: lookupFor("https://signer.example", s.keyid, s.jwk),
      rejectTestKeys: true,
    });
    expect(result).toEqual({
      status: "verified",
      signer: { source: { type: "directory", url: "https://signer.example" }, card: null },
      // The working group's Dictionary form (draft -01), recorded (issue 45).
      signatureAgentForm: "dictionary",
    });

    // The same signature presented to another host does not verify.
    const moved = message("https://other.example/ingest/e", {
      "Signature-Agent": 'agent1="https://signer.example"',
      "Signature-Input": `sig1=${params}`,
      Signature: `sig1=:${await s.sign(base)}:`,
    });
    expect(
      (
        await verifyWebBotAuth(moved, {
          nowMs: NOW,
          keys: lookupFor("https://signer.example", s.keyid, s.jwk),
          rejectTestKeys: true,
        })
      ).status,
    ).toBe("invalid");
  });

  it("accepts the legacy bare-string Signature-Agent form", async () => {
    const s = await newSigner();
    const params = `("@authority" "@method" "@path" "signature-agent");created=${NOW_S};keyid="${s.keyid}";expires=${NOW_S + 3600};tag="web-bot-auth";alg="ed25519"`;
    const base = [
      `"@authority": shop.example`,
      `"@method": GET`,
      `"@path": /p/1`,
      `"signature-agent": "https://chatgpt.com"`,
      `"@signature-params": ${params}`,
    ].join("\n");
    const msg = message(
      "https://shop.example/p/1?x=1",
      {
        "Signature-Agent": '"https://chatgpt.com"',
        "Signature-Input": `sig1=${params}`,
        Signature: `sig1=:${await s.sign(base)}:`,
      },
      "GET",
    );
    const result = await verifyWebBotAuth(msg, {
      nowMs: NOW,
      keys: lookupFor("https://chatgpt.com", s.keyid, s.jwk),
      rejectTestKeys: true,
    });
    expect(result).toEqual({
      status: "verified",
      signer: { source: { type: "directory", url: "https://chatgpt.com" }, card: null },
      // Cloudflare's production String form, still verified and recorded as such (issue 45).
      signatureAgentForm: "string",
    });
  });

  it("verifies RSA-PSS-SHA512 signatures (alg rsa-pss-sha512) with our own key", async () => {
    const pair = (await crypto.subtle.generateKey(
      { name: "RSA-PSS", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-512" },
      true,
      ["sign", "verify"],
    )) as CryptoKeyPair;
    const pub = (await crypto.subtle.exportKey("jwk", pair.publicKey)) as PublicJwk;
    const jwk = { kty: "RSA", n: pub.n, e: pub.e };
    const keyid = (await jwkThumbprint(jwk)) as string;
    const params = `("@target-uri");created=${NOW_S};keyid="${keyid}";alg="rsa-pss-sha512";expires=${NOW_S + 60};tag="web-bot-auth"`;
    const base = `"@target-uri": https://ingest.example/ingest/e?x=1\n"@signature-params": ${params}`;
    const sig = b64(
      await crypto.subtle.sign({ name: "RSA-PSS", saltLength: 64 }, pair.privateKey, new TextEncoder().encode(base)),
    );
    const msg = message("https://ingest.example/ingest/e?x=1", {
      "Signature-Input": `sig1=${params}`,
      Signature: `sig1=:${sig}:`,
    });
    const keys = lookupFor(null, keyid, jwk);
    expect((await verifyWebBotAuth(msg, { nowMs: NOW, keys, rejectTestKeys: true })).status).toBe("verified");
    const other = message("https://ingest.example/ingest/e?x=2", {
      "Signature-Input": `sig1=${params}`,
      Signature: `sig1=:${sig}:`,
    });
    expect((await verifyWebBotAuth(other, { nowMs: NOW, keys, rejectTestKeys: true })).status).toBe("invalid");
  });

  async function signed(
    paramsOf: (keyid: string) => string,
    lines: (params: string) => string[],
    headers: Record<string, string> = {},
  ) {
    const s = await newSigner();
    const params = paramsOf(s.keyid);
    const sig = await s.sign(lines(params).join("\n"));
    const msg = message("https://ingest.example/ingest/e", {
      "Signature-Input": `sig1=${params}`,
      Signature: `sig1=:${sig}:`,
      ...headers,
    });
    return verifyWebBotAuth(msg, {
      nowMs: NOW,
      keys: lookupFor(headers["Signature-Agent"] ? "https://signer.example" : null, s.keyid, s.jwk),
      rejectTestKeys: true,
    });
  }

  it("refuses signatures that are expired, future-dated, inverted or missing created/expires", async () => {
    const authLine = (p: string) => [`"@authority": ingest.example`, `"@signature-params": ${p}`];
    const expired = await signed(
      (k) => `("@authority");created=${NOW_S - 600};keyid="${k}";expires=${NOW_S - 1};tag="web-bot-auth"`,
      authLine,
    );
    expect(expired).toMatchObject({ status: "invalid", reason: "signature expired" });
    const future = await signed(
      (k) => `("@authority");created=${NOW_S + 600};keyid="${k}";expires=${NOW_S + 900};tag="web-bot-auth"`,
      authLine,
    );
    expect(future).toMatchObject({ status: "invalid", reason: "created is in the future" });
    const inverted = await signed(
      (k) => `("@authority");created=${NOW_S};keyid="${k}";expires=${NOW_S};tag="web-bot-auth"`,
      authLine,
    );
    expect(inverted).toMatchObject({ status: "invalid", reason: "expires must be after created" });
    const noExpires = await signed((k) => `("@authority");created=${NOW_S};keyid="${k}";tag="web-bot-auth"`, authLine);
    expect(noExpires).toMatchObject({ status: "invalid", reason: "created and expires are required" });
  });

  it("requires @authority or @target-uri to be covered", async () => {
    const result = await signed(
      (k) => `("@method" "@path");created=${NOW_S};keyid="${k}";expires=${NOW_S + 60};tag="web-bot-auth"`,
      (p) => [`"@method": POST`, `"@path": /ingest/e`, `"@signature-params": ${p}`],
    );
    expect(result).toMatchObject({ status: "invalid", reason: "signature must cover @authority or @target-uri" });
  });

  it("requires Signature-Agent to be covered when it is present", async () => {
    const result = await signed(
      (k) => `("@authority");created=${NOW_S};keyid="${k}";expires=${NOW_S + 60};tag="web-bot-auth"`,
      (p) => [`"@authority": ingest.example`, `"@signature-params": ${p}`],
      { "Signature-Agent": 'a="https://signer.example"' },
    );
    expect(result).toMatchObject({ status: "invalid", reason: "Signature-Agent present but not covered" });
  });

  it("ignores signatures without tag=web-bot-auth and reports unknown keys as unverified", async () => {
    const untagged = await signed(
      (k) => `("@authority");created=${NOW_S};keyid="${k}";expires=${NOW_S + 60}`,
      (p) => [`"@authority": ingest.example`, `"@signature-params": ${p}`],
    );
    expect(untagged.status).toBe("absent");
    const s = await newSigner();
    const params = `("@authority");created=${NOW_S};keyid="${s.keyid}";expires=${NOW_S + 60};tag="web-bot-auth"`;
    const msg = message("https://ingest.example/", {
      "Signature-Input": `sig1=${params}`,
      Signature: `sig1=:${await s.sign("x")}:`,
    });
    expect((await verifyWebBotAuth(msg, { nowMs: NOW, keys: async () => null, rejectTestKeys: true })).status).toBe(
      "unverified",
    );
  });

  it("rejects a tampered signature and malformed headers as invalid, never throwing", async () => {
    const s = await newSigner();
    const params = `("@authority");created=${NOW_S};keyid="${s.keyid}";expires=${NOW_S + 60};tag="web-bot-auth"`;
    const wrong = await s.sign(`"@authority": evil.example\n"@signature-params": ${params}`);
    const keys = lookupFor(null, s.keyid, s.jwk);
    const tampered = message("https://ingest.example/", {
      "Signature-Input": `sig1=${params}`,
      Signature: `sig1=:${wrong}:`,
    });
    expect((await verifyWebBotAuth(tampered, { nowMs: NOW, keys, rejectTestKeys: true })).status).toBe("invalid");
    const garbage = message("https://ingest.example/", {
      "Signature-Input": 'sig1=("@authority";tag="web-bot-auth"',
      Signature: "sig1=:!!:",
    });
    expect((await verifyWebBotAuth(garbage, { nowMs: NOW, keys, rejectTestKeys: true })).status).not.toBe("verified");
  });
});

describe("key directory cache (SSRF-guarded fetch, no redirects, negative cache)", () => {
  it("fetches a directory once, finds keys by thumbprint and kid, and caches it", async () => {
    const s = await newSigner();
    const key = "keys-a.example.com/.well-known/http-message-signatures-directory";
    await setFixture(key, {
      status: 200,
      headers: { "Content-Type": "application/http-message-signatures-directory+json", "Cache-Control": "max-age=600" },
      body: JSON.stringify({ keys: [{ ...s.jwk, kid: "my-kid" }] }),
    });
    const cache = new KeyDirectoryCache({ resolve: new Map() });
    expect(await cache.lookup(dir("https://keys-a.example.com"), s.keyid)).toMatchObject({ x: s.jwk.x });
    expect(await cache.lookup(dir("https://keys-a.example.com"), "my-kid")).toMatchObject({ x: s.jwk.x });
    expect(await cache.lookup(dir("https://keys-a.example.com"), "other")).toBeNull();
    expect(await fixtureHits(key)).toBe(1);
  });

  it("does not follow redirects and negatively caches failures for 5 minutes", async () => {
    const key = "keys-b.example.com/.well-known/http-message-signatures-directory";
    await setFixture(key, {
      status: 302,
      headers: { Location: "https://keys-a.example.com/.well-known/http-message-signatures-directory" },
      body: "",
    });
    let now = NOW;
    const cache = new KeyDirectoryCache({ resolve: new Map(), now: () => now });
    expect(await cache.lookup(dir("https://keys-b.example.com"), "k")).toBeNull();
    expect(await cache.lookup(dir("https://keys-b.example.com"), "k")).toBeNull();
    expect(await fixtureHits(key)).toBe(1);
    now += 5 * 60_000 + 1;
    await cache.lookup(dir("https://keys-b.example.com"), "k");
    expect(await fixtureHits(key)).toBe(2);
  });

  it("refuses private targets through the SSRF guard without fetching", async () => {
    const cache = new KeyDirectoryCache({ resolve: new Map() });
    expect(await cache.lookup(dir("https://localhost"), "k")).toBeNull();
    expect(await cache.lookup(null, "k")).toBeNull();
  });
});

const shared = inject("sharedWebBotAuthVectors");

describe("public vectors from ../shared/data/web-bot-auth", () => {
  it.skipIf(!shared)(
    shared
      ? "verifies the cloudflare/web-bot-auth v2 Ed25519 vectors"
      : "skipped: ../shared/data/web-bot-auth is not present on this machine",
    async () => {
      const vectors = JSON.parse(shared) as Array<{
        key: PublicJwk & { d?: string };
        target_url: string;
        signature: string;
        signature_input: string;
        signature_agent?: string;
        signature_agent_key?: string;
      }>;
      // RSA-PSS cases (test key not on the Ed25519 reject list) must verify too.
      for (const v of vectors.filter((x) => x.key.kty === "RSA")) {
        const jwk = { kty: "RSA", n: v.key.n, e: v.key.e };
        const headers: Record<string, string> = { "Signature-Input": v.signature_input, Signature: v.signature };
        if (v.signature_agent) headers["Signature-Agent"] = v.signature_agent;
        const keys: KeyLookup = async (_o, keyid) => ((await jwkThumbprint(jwk)) === keyid ? jwk : null);
        expect(
          (await verifyWebBotAuth(message(v.target_url, headers, "GET"), { nowMs: NOW, keys, rejectTestKeys: false }))
            .status,
        ).toBe("verified");
      }
      const ed = vectors.filter((v) => v.key.kty === "OKP");
      expect(ed.length).toBe(2);
      for (const v of ed) {
        const jwk = { kty: v.key.kty, crv: v.key.crv, x: v.key.x };
        const headers: Record<string, string> = { "Signature-Input": v.signature_input, Signature: v.signature };
        if (v.signature_agent) headers["Signature-Agent"] = v.signature_agent;
        const keys: KeyLookup = async (_origin, keyid) => ((await jwkThumbprint(jwk)) === keyid ? jwk : null);
        // Test keys are allowed here (local/test setting); production rejects them.
        const ok = await verifyWebBotAuth(message(v.target_url, headers, "GET"), {
          nowMs: NOW,
          keys,
          rejectTestKeys: false,
        });
        expect(ok.status).toBe("verified");
        const refused = await verifyWebBotAuth(message(v.target_url, headers, "GET"), {
          nowMs: NOW,
          keys,
          rejectTestKeys: true,
        });
        expect(refused).toMatchObject({ status: "invalid", reason: "public test key" });
      }
    },
  );
});
