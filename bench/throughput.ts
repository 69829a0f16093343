// Requests per second of `send`, with `concurrency` requests in flight until `requests`
// were sent; every answer must carry `expectStatus`. Shared by the ingest benchmarks.
export async function throughput(
  send: () => Promise<Response>,
  expectStatus: number,
  requests: number,
  concurrency = 16,
): Promise<number> {
  let issued = 0;
  const started = performance.now();
  const worker = async () => {
    while (issued < requests) {
      issued += 1;
      const res = await send();
      await res.arrayBuffer();
      if (res.status !== expectStatus) throw new Error(`expected ${expectStatus}, got ${res.status}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return requests / ((performance.now() - started) / 1000);
}

/**
 * A page-view beacon as the snippet posts it to `base`/ingest/e for the site of
 * `publicToken`. It cycles through 1,000 visitors (their own User-Agents), two to a
 * client network (/24, 500 networks in 198.18.0.0/15), so the events spread over many
 * visitors and sessions as a shop's traffic does and no network reaches its beacon
 * limit (shared/ingest/beacon-limits.ts) in a benchmark run.
 */
export function beaconSender(base: string, publicToken: string, extra: { r?: string } = {}): () => Promise<Response> {
  let n = 0;
  return () => {
    const visitor = n++ % 1000;
    const network = visitor >> 1;
    return fetch(`${base}/ingest/e`, {
      method: "POST",
      headers: {
        Origin: "https://bench-shop.example",
        "Content-Type": "text/plain",
        "User-Agent": `Mozilla/5.0 (X11; Linux x86_64) Chrome/142.0.0.0 Safari/537.36 bench/${visitor}`,
        "CF-Connecting-IP": `198.${18 + (network >> 8)}.${network & 255}.${1 + (visitor & 1)}`,
      },
      body: JSON.stringify({ s: publicToken, k: "pageview", u: `https://bench-shop.example/p/${n % 50}`, ...extra }),
    });
  };
}

export interface Sender {
  send: () => Promise<Response>;
  status: number;
}

/**
 * Throughput of `subject` against a same-run `baseline`: 50 warm-up requests of each,
 * then `roundCount` (default 3, odd) interleaved rounds so machine noise (the cores are
 * shared) hits both alike. With `alternate`, odd rounds run the subject first, so
 * neither side always follows the other's leftover background work. Returns the rounds
 * sorted by ratio (subject / baseline); the middle one is the median.
 */
export async function pairedRounds(
  baseline: Sender,
  subject: Sender,
  requests: number,
  concurrency: number,
  roundCount = 3,
  { alternate = false }: { alternate?: boolean } = {},
): Promise<{ baseline: number; subject: number; ratio: number }[]> {
  for (let i = 0; i < 50; i++) {
    await (await subject.send()).arrayBuffer();
    await (await baseline.send()).arrayBuffer();
  }
  const rounds: { baseline: number; subject: number; ratio: number }[] = [];
  for (let round = 0; round < roundCount; round++) {
    const subjectFirst = alternate && round % 2 === 1;
    const s0 = subjectFirst ? await throughput(subject.send, subject.status, requests, concurrency) : 0;
    const b = await throughput(baseline.send, baseline.status, requests, concurrency);
    const s = subjectFirst ? s0 : await throughput(subject.send, subject.status, requests, concurrency);
    rounds.push({ baseline: b, subject: s, ratio: s / b });
  }
  return rounds.sort((x, y) => x.ratio - y.ratio);
}
