// `npm run bench:sitemap`: peak memory of reading a 10 MB sitemap the way a scan does
// (shared/scan/sitemap.ts readSitemapStream, 64 KiB network pieces), against the same-run
// baseline of the former way (the whole answer buffered as one string, then parsed).
// The source is generated piece by piece, so what is measured is the reader's own
// holding: the URLs it keeps and the unread tail. A Worker has 128 MB
// (developers.cloudflare.com/workers/platform/limits/#memory).
import { readSitemapStream } from "../shared/scan/sitemap";
import { recordResult } from "./results";

const TARGET = 10 * 1024 * 1024;
const PIECE = 64 * 1024;
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with node --expose-gc (npm run bench:sitemap does)");

function entry(i: number): string {
  return `<url><loc>https://big.example/products/item-${i}?ref=sitemap&amp;v=${i % 7}</loc><lastmod>2026-11-01</lastmod><changefreq>weekly</changefreq><image:image><image:loc>https://cdn.big.example/img/item-${i}.jpg</image:loc></image:image></url>\n`;
}

/** The document as a stream of UTF-8 pieces, made as they are pulled. */
function source(): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let sent = 0;
  let i = 0;
  let opened = false;
  let closed = false;
  return new ReadableStream({
    pull(controller) {
      if (closed) return controller.close();
      let text = opened ? "" : '<?xml version="1.0"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
      opened = true;
      while (text.length < PIECE && sent + text.length < TARGET) text += entry(i++);
      if (sent + text.length >= TARGET) {
        text += "</urlset>\n";
        closed = true;
      }
      sent += text.length;
      controller.enqueue(encoder.encode(text));
    },
  });
}

let peak = 0;
const sample = () => {
  peak = Math.max(peak, process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers);
};

async function measure(run: () => Promise<number>): Promise<{ urls: number; peakMb: number; ms: number }> {
  gc?.();
  const base = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
  peak = base;
  const timer = setInterval(sample, 1);
  const started = performance.now();
  const urls = await run();
  const ms = performance.now() - started;
  sample();
  clearInterval(timer);
  return { urls, peakMb: (peak - base) / 1024 / 1024, ms };
}

/** The reader as a scan uses it, sampling memory after every piece. */
async function streamed(): Promise<number> {
  const counted = source().pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        sample();
        controller.enqueue(chunk);
      },
    }),
  );
  const r = await readSitemapStream(counted);
  return r.parsed.urls.length;
}

/** Baseline: the answer buffered whole (as a 50 MB maxBytes would), then matched with a regex. */
async function buffered(): Promise<number> {
  const text = await new Response(source()).text();
  sample();
  const urls = [...text.matchAll(/<loc>([\s\S]*?)<\/loc>/g)].map((m) => m[1]);
  sample();
  return urls.length;
}

const a = await measure(streamed);
const b = await measure(buffered);
console.log(`10 MiB sitemap, ${a.urls} URLs`);
console.log(`streamed reader: peak +${a.peakMb.toFixed(1)} MiB (heap + array buffers), ${a.ms.toFixed(0)} ms`);
console.log(`buffered baseline: peak +${b.peakMb.toFixed(1)} MiB, ${b.ms.toFixed(0)} ms (${b.urls} URLs)`);
recordResult({
  bench: "sitemap",
  sitemap_mib: 10,
  urls: a.urls,
  results: [
    { reader: "streamed (readSitemapStream)", peak_mib: +a.peakMb.toFixed(1), wall_ms: Math.round(a.ms) },
    { reader: "buffered baseline (one regex)", peak_mib: +b.peakMb.toFixed(1), wall_ms: Math.round(b.ms) },
  ],
});
