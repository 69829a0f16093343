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
