import { ipRangeIndex } from "@shared/classify/ip-range-cache";
import { type Dropped, type PipelineDeps, type RawEvent, runPipeline } from "@shared/ingest/pipeline";
import type { IngestMessage } from "@shared/ingest/queue-message";
import { currentSalts } from "./salts";

/** Queue sendBatch takes at most 100 messages. */
const SEND_CHUNK = 100;

export async function pipelineDeps(env: IngestEnv, now = Date.now()): Promise<PipelineDeps> {
  const [salts, ipRanges] = await Promise.all([currentSalts(env, now), ipRangeIndex(env.DB, now)]);
  return { salts, ipRanges };
}

/**
 * Classifies raw events and enqueues the accepted ones. The messages carry visitor
 * hashes only; the raw IP in `RawEvent.clientIp` stops here.
 */
export async function acceptEvents(env: IngestEnv, raws: RawEvent[]): Promise<Array<IngestMessage | Dropped>> {
  const deps = await pipelineDeps(env);
  const out = await Promise.all(raws.map((r) => runPipeline(r, deps)));
  const messages = out.filter((o): o is IngestMessage => !("dropped" in o));
  for (let i = 0; i < messages.length; i += SEND_CHUNK) {
    await env.EVENTS.sendBatch(messages.slice(i, i + SEND_CHUNK).map((body) => ({ body, contentType: "json" })));
  }
  return out;
}
