import type { Browser } from "playwright-core";
import { beforeAll, expect, inject, it } from "vitest";
import { describeInChromium } from "./browser";
import { LISTED_SIGNER_HOST, SHOP_HOST, SIGNER_HOST } from "./snippet-fixture-server";
import { adminKey, seedSite } from "./workspace-seed";

const baseUrl = inject("baseUrl");
const fixturePort = inject("snippetFixturePort");
const CHATGPT_USER =
  "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot";
const shopUrl = `http://${SHOP_HOST}:${fixturePort}`;

// Counts every cookie and Web Storage access on the page, before any script runs.
const STORAGE_SPY = `(() => {
  window.__storageTouches = [];
  const note = (what) => window.__storageTouches.push(what);
  const cookie = Object.getOwnPropertyDescriptor(Document.prototype, "cookie");
  Object.defineProperty(Document.prototype, "cookie", {
    configurable: true,
    get() { note("cookie:get"); return cookie.get.call(this); },
    set(v) { note("cookie:set"); cookie.set.call(this, v); },
  });
  for (const name of ["localStorage", "sessionStorage", "indexedDB"]) {
    const d = Object.getOwnPropertyDescriptor(window, name);
    if (d && d.get) Object.defineProperty(window, name, { configurable: true, get() { note(name); return d.get.call(this); } });
  }
})();`;

let auth: Record<string, string>;
let token = "";

async function api(pathname: string, init: RequestInit = {}) {
  const res = await fetch(`${baseUrl}${pathname}`, {
    ...init,
    headers: { ...auth, "Content-Type": "application/json", ...(init.headers ?? {}) },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, what: string): Promise<T> {
  let last: T | undefined;
  for (let i = 0; i < 60; i++) {
    last = await read();
    if (ok(last)) return last;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}: ${JSON.stringify(last)}`);
}

async function visit(
  browser: Browser,
  userAgent: string | undefined,
  act: (page: import("playwright-core").Page) => Promise<void>,
) {
  const context = await browser.newContext(userAgent ? { userAgent } : {});
  await context.addInitScript(STORAGE_SPY);
  const page = await context.newPage();
  const beacons: number[] = [];
  page.on("response", (r) => {
    if (r.url().endsWith("/ingest/e")) beacons.push(r.status());
  });
  await page.goto(`${shopUrl}/products/blue-mug`);
  await page.waitForFunction(() => "agentReadiness" in window);
  await act(page);
  const touches = (await page.evaluate(
    () => (window as unknown as { __storageTouches: string[] }).__storageTouches,
  )) as string[];
  const cookies = await context.cookies();
  await context.close(); // pagehide → leave beacon
  return { touches, cookies, beacons };
}

describeInChromium(
  "snippet in headless Chromium against a local shop (skipped only where /usr/bin/chromium is missing)",
  (chrome) => {
    beforeAll(async () => {
      const { key } = await adminKey(baseUrl, "snippet-e2e", "--preset", "provisioning");
      auth = { Authorization: `Bearer ${key}` };
      const site = await seedSite({ key }, baseUrl, SHOP_HOST, "Snippet shop");
      token = site.token;
      await fetch(`http://127.0.0.1:${fixturePort}/__set`, {
        method: "POST",
        body: JSON.stringify({ snippet: site.snippet }),
      });
    }, 60_000);

    it("sends beacons without touching cookies or Web Storage, and install check turns receiving", async () => {
      expect((await api(`/api/v1/sites/check-install?domain=${SHOP_HOST}`)).body.status).toBe("awaiting_first_event");
      const human = await visit(chrome.browser, undefined, async (page) => {
        await page.click("button[type=submit]");
        await page.evaluate(() => history.pushState({}, "", "/cart"));
        await page.waitForTimeout(300);
      });
      expect(human.touches).toEqual([]);
      expect(human.cookies).toEqual([]);
      expect(human.beacons.length).toBeGreaterThanOrEqual(3);
      expect(human.beacons.every((s) => s === 202)).toBe(true);
      const check = await until(
        () => api(`/api/v1/sites/check-install?domain=${SHOP_HOST}`),
        (r) => r.body.status === "receiving",
        "receiving",
      );
      expect(check.body.snippet_installed_at).not.toBeNull();
    }, 60_000);

    it("records a ChatGPT-User visit as chatgpt / user_action / declared", async () => {
      const agent = await visit(chrome.browser, CHATGPT_USER, async (page) => page.waitForTimeout(200));
      expect(agent.touches).toEqual([]);
      const report = await until(
        () => api(`/api/v1/traffic/verification?domain=${SHOP_HOST}&period=24h`),
        (r) => ((r.body.by_platform as { platform: string }[] | undefined) ?? []).some((p) => p.platform === "chatgpt"),
        "chatgpt in the verification report",
      );
      const chatgpt = (
        report.body.by_platform as { platform: string; sessions: number; declared: number; verified: number }[]
      ).find((p) => p.platform === "chatgpt");
      expect(chatgpt).toMatchObject({ sessions: 1, declared: 1, verified: 0 });
      const purpose = await api(`/api/v1/traffic/purpose-split?domain=${SHOP_HOST}&period=24h`);
      expect(purpose.body.user_action_sessions).toBeGreaterThanOrEqual(1);
    }, 60_000);

    it("verifies a beacon signed with a listed operator's key, and leaves a self-served key with a ChatGPT-User UA declared", async () => {
      const pair = (await crypto.subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"])) as CryptoKeyPair;
      const jwk = (await crypto.subtle.exportKey("jwk", pair.publicKey)) as { x: string };
      const thumb = Buffer.from(
        await crypto.subtle.digest(
          "SHA-256",
          new TextEncoder().encode(JSON.stringify({ crv: "Ed25519", kty: "OKP", x: jwk.x })),
        ),
      ).toString("base64url");
      // The fixture server answers the directory of every mapped host with this key.
      await fetch(`http://127.0.0.1:${fixturePort}/__set`, {
        method: "POST",
        body: JSON.stringify({ jwk: { kty: "OKP", crv: "Ed25519", x: jwk.x } }),
      });
      const signedBeacon = async (agentHost: string, userAgent: string, ip: string) => {
        const created = Math.floor(Date.now() / 1000) - 2;
        const params = `("@authority" "@method" "signature-agent");created=${created};keyid="${thumb}";expires=${created + 300};tag="web-bot-auth"`;
        const authority = new URL(baseUrl).host;
        const base = `"@authority": ${authority}\n"@method": POST\n"signature-agent": "https://${agentHost}"\n"@signature-params": ${params}`;
        const sig = Buffer.from(
          await crypto.subtle.sign({ name: "Ed25519" }, pair.privateKey, new TextEncoder().encode(base)),
        ).toString("base64");
        return fetch(`${baseUrl}/ingest/e`, {
          method: "POST",
          headers: {
            Origin: shopUrl,
            "Content-Type": "text/plain",
            "User-Agent": userAgent,
            "CF-Connecting-IP": ip,
            "Signature-Agent": `"https://${agentHost}"`,
            "Signature-Input": `sig1=${params}`,
            Signature: `sig1=:${sig}:`,
          },
          body: JSON.stringify({ s: token, k: "pageview", u: `${shopUrl}/products/blue-mug` }),
        });
      };
      // Forged: a valid signature by a key the sender serves itself, with ChatGPT-User's UA.
      expect((await signedBeacon(SIGNER_HOST, CHATGPT_USER, "198.51.100.78")).status).toBe(202);
      // Listed: the same kind of signature, by a key chatgpt.com's own directory serves.
      const chrome = "Mozilla/5.0 (X11; Linux x86_64) Chrome/142.0.0.0 Safari/537.36";
      expect((await signedBeacon(LISTED_SIGNER_HOST, chrome, "198.51.100.77")).status).toBe(202);
      const report = await until(
        () => api(`/api/v1/traffic/verification?domain=${SHOP_HOST}&period=24h`),
        (r) => {
          const p = ((r.body.by_platform ?? []) as { platform: string; sessions: number }[]).find(
            (x) => x.platform === "chatgpt",
          );
          return Number(r.body.verified_sessions) >= 1 && (p?.sessions ?? 0) >= 3;
        },
        "the forged and the listed session",
      );
      expect(report.body.verified_sessions).toBe(1);
      const chatgpt = (
        report.body.by_platform as { platform: string; sessions: number; declared: number; verified: number }[]
      ).find((p) => p.platform === "chatgpt");
      // The browser visit and the forged beacon are declared; only the listed key verifies.
      expect(chatgpt).toMatchObject({ sessions: 3, declared: 2, verified: 1 });
      const check = await api(`/api/v1/sites/check-install?domain=${SHOP_HOST}`);
      expect(check.body.last_verified_event_at).not.toBeNull();
    }, 60_000);

    it("shows a beacon from a foreign Origin as rejected in check-install", async () => {
      const res = await fetch(`${baseUrl}/ingest/e`, {
        method: "POST",
        headers: { Origin: "https://evil.example", "Content-Type": "text/plain" },
        body: JSON.stringify({ s: token, k: "pageview", u: `${shopUrl}/` }),
      });
      expect(res.status).toBe(403);
      const check = await api(`/api/v1/sites/check-install?domain=${SHOP_HOST}`);
      expect(check.body).toMatchObject({
        status: "rejected",
        last_reject_origin: "https://evil.example",
        last_reject_reason: "origin_mismatch",
      });
    }, 30_000);
  },
  // The fixture shop's host name resolves to the local fixture server.
  { args: [`--host-resolver-rules=MAP ${SHOP_HOST} 127.0.0.1`] },
);
