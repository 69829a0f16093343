import type { Draft, Dropped, PipelineDeps, RawEvent, Step } from "./pipeline-types";
import type { IngestMessage } from "./queue-message";
import { acquisition } from "./steps/acquisition";
import { checkTime } from "./steps/check-time";
import { confirmDns } from "./steps/confirm-dns";
import { applyCoverage } from "./steps/coverage";
import { hashVisitor } from "./steps/hash-visitor";
import { identify } from "./steps/identify";
import { parsePage } from "./steps/parse-page";

/**
 * Named steps in order (Plausible's ingestion pipeline shape): each returns the event
 * or a typed drop reason. Nothing here touches storage; the route enqueues the result.
 */
export const steps: ReadonlyArray<[string, Step]> = [
  ["check-time", checkTime],
  ["parse-page", parsePage],
  ["confirm-dns", confirmDns],
  ["identify", identify],
  ["acquisition", acquisition],
  ["coverage", applyCoverage],
  ["hash-visitor", hashVisitor],
];

/** A step that threw: names the step; the original error is its `cause`. */
export class PipelineStepError extends Error {
  constructor(
    readonly step: string,
    cause: unknown,
  ) {
    super(`ingest step "${step}" failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = "PipelineStepError";
  }
}

export function isDropped(x: unknown): x is Dropped {
  return typeof x === "object" && x !== null && "dropped" in x;
}

export async function runPipeline(raw: RawEvent, deps: PipelineDeps): Promise<IngestMessage | Dropped> {
  let draft: Draft = raw;
  for (const [name, step] of steps) {
    let out: Draft | Dropped;
    try {
      out = await step(draft, deps);
    } catch (cause) {
      // The step's name goes into the error, so a failure in the logs says where it
      // happened without a stack trace through the queue and the router.
      throw new PipelineStepError(name, cause);
    }
    if (isDropped(out)) return out;
    draft = out;
  }
  return toMessage(draft);
}

function toMessage(d: Draft): IngestMessage {
  return {
    id: d.id,
    channel: d.channel,
    siteId: d.site.id,
    workspaceId: d.site.workspaceId,
    kind: d.kind,
    occurredAt: d.occurredAt,
    receivedAt: d.receivedAt,
    url: d.url ?? "/",
    target: d.target,
    durationMs: d.durationMs,
    visitorHash: d.visitorHash ?? "",
    altVisitorHash: d.altVisitorHash ?? null,
    platform: d.platform ?? null,
    purpose: d.purpose ?? null,
    tier: d.tier ?? null,
    confidence: d.confidence ?? null,
    signals: d.signals ?? [],
    signerOrigin: d.signerOrigin ?? null,
    source: d.source ?? "direct",
    subSource: d.subSource ?? null,
    referrerHost: d.referrerHost ?? null,
    browser: d.browser ?? null,
    os: d.os ?? null,
    deviceType: d.deviceType ?? null,
    mayStartSession: d.mayStartSession ?? true,
    pendingHash: d.pendingHash ?? null,
  };
}
