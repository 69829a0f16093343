// `npm run bench:password`: what a password check costs, as a ratio to a same-run baseline.
//
// 1. In-process (Node's OpenSSL): one scrypt hash with the app's parameters (N=2^14, r=8,
//    p=5) against one PBKDF2-SHA256 at 100,000 iterations, the most WebCrypto allows on
//    Workers and the alternative docs/app.md weighs it against.
// 2. Through the real local server (npm start, workerd's BoringSSL): a sign-in POST
//    against the sign-in page GET, both with the same CSRF and D1 work around them, so
//    the difference is the password verification plus the throttle lookups.
import { hashPassword, PASSWORD_HASH_PARAMS } from "@shared/accounts/password-hash";
import { startLocalServer } from "../test/helpers/node/local-server";
import { recordResult } from "./results";

const RUNS = Number(process.env.BENCH_RUNS ?? 15);

function median(values: number[]): number {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function time(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

async function pbkdf2(password: string): Promise<ArrayBuffer> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, ["deriveBits"]);
  const salt = crypto.getRandomValues(new Uint8Array(16));
  return crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations: 100_000 }, key, 256);
}

// Warm-up, then interleaved runs so machine load hits both sides alike.
await hashPassword("warm up");
await pbkdf2("warm up");
const scryptMs: number[] = [];
const pbkdf2Ms: number[] = [];
for (let i = 0; i < RUNS; i++) {
  scryptMs.push(await time(() => hashPassword(`password ${i}`)));
  pbkdf2Ms.push(await time(() => pbkdf2(`password ${i}`)));
}
const p = PASSWORD_HASH_PARAMS;
console.log(
  `in-process: scrypt N=${p.N} r=${p.r} p=${p.p} median ${median(scryptMs).toFixed(1)} ms; ` +
    `PBKDF2-SHA256 100k median ${median(pbkdf2Ms).toFixed(1)} ms; ratio ${(median(scryptMs) / median(pbkdf2Ms)).toFixed(2)}x`,
);

const server = await startLocalServer();
try {
  const pageMs: number[] = [];
  const signInMs: number[] = [];
  for (let i = 0; i < RUNS + 1; i++) {
    // A fresh address and email each time, so the sign-in throttle never answers instead.
    const headers = { "CF-Connecting-IP": `198.51.100.${i + 1}` };
    let csrfCookie = "";
    const pageTime = await time(async () => {
      const res = await fetch(`${server.baseUrl}/app/sign-in`, { headers });
      csrfCookie = (res.headers.get("Set-Cookie") ?? "").split(";")[0];
      await res.text();
    });
    const token = csrfCookie.split("=")[1];
    const postTime = await time(async () => {
      const res = await fetch(`${server.baseUrl}/app/sign-in`, {
        method: "POST",
        headers: { ...headers, Cookie: csrfCookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ _csrf: token, email: `bench-${i}@example.com`, password: "not the password" }),
        redirect: "manual",
      });
      if (res.status !== 401) throw new Error(`sign-in answered ${res.status}`);
      await res.text();
    });
    if (i === 0) continue; // warm-up
    pageMs.push(pageTime);
    signInMs.push(postTime);
  }
  console.log(
    `local server: failed sign-in POST median ${median(signInMs).toFixed(1)} ms; ` +
      `sign-in page GET median ${median(pageMs).toFixed(1)} ms; ratio ${(median(signInMs) / median(pageMs)).toFixed(2)}x`,
  );
  const row = (measured: string, ms: number, baseline: string, baselineMs: number) => ({
    measured,
    median_ms: +ms.toFixed(1),
    baseline,
    baseline_median_ms: +baselineMs.toFixed(1),
    ratio: +(ms / baselineMs).toFixed(2),
  });
  recordResult({
    bench: "password",
    runs: RUNS,
    results: [
      row(
        `scrypt N=${p.N} r=${p.r} p=${p.p}, in-process (Node)`,
        median(scryptMs),
        "PBKDF2-SHA256 100k",
        median(pbkdf2Ms),
      ),
      row("failed sign-in POST, local server", median(signInMs), "sign-in page GET", median(pageMs)),
    ],
  });
} finally {
  await server.stop();
}
