import type { OpenAPIHono } from "@hono/zod-openapi";
import { database } from "@shared/db/client";
import { acceptDrainBatch, emptyDrainResult } from "@shared/drains/accept-drain-batch";
import { bearerRefusal, type DrainRefusal, vercelRefusal } from "@shared/drains/drain-auth";
import { type DrainEndpoint, drainEndpoint, recordBatch, recordDrainRefusal } from "@shared/drains/drain-store";
import { BodyTooLarge, BodyUnreadable, MAX_BODY_BYTES, readBatchLines } from "@shared/drains/read-batch";
import { ApiError } from "@shared/errors/api-error";
import type { InstallSignals } from "@shared/sessions/install-signals";
import { installSignalUpdates } from "@shared/sessions/install-signals";
import { shardFor } from "@shared/shards/shard-for";
import type { Context } from "hono";
import { currentSalts } from "../runtime/salts";
import { saltKeeper } from "../salt-keeper-instance";
import { drainCheckRoute, drainRoute } from "./drain-route";

/** The header `npm run import-logs` sends: the batch is an imported log (drain-route.ts). */
const LOG_IMPORT_HEADER = "X-Log-Import";

type IngestContext = Context<{ Bindings: IngestEnv }>;

const REFUSALS: Record<DrainRefusal, ApiError> = {
  invalid_drain_secret: new ApiError("invalid_drain_secret"),
  invalid_signature: new ApiError("invalid_signature"),
  revoked: new ApiError("invalid_drain_secret", "This drain was revoked; create a new one"),
};

/** Vercel reads its verification value from every answer of a Vercel drain's endpoint. */
function vercelVerifyHeader(c: IngestContext, found: DrainEndpoint | null) {
  if (found?.drain.format === "vercel" && found.drain.vercelVerify)
    c.header("x-vercel-verify", found.drain.vercelVerify);
}

function refuse(c: IngestContext, found: DrainEndpoint | null, refusal: DrainRefusal, now: number): never {
  if (found) c.executionCtx.waitUntil(recordDrainRefusal(database(c.env.DB), found.drain.id, refusal, now));
  throw REFUSALS[refusal];
}

/** A stream over bytes already read (a Vercel body is read whole to check its signature). */
function streamOf(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      if (bytes.byteLength > 0) controller.enqueue(bytes);
      controller.close();
    },
  });
}

async function bodyBytes(c: IngestContext): Promise<Uint8Array> {
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  if (bytes.byteLength > MAX_BODY_BYTES)
    throw new ApiError("payload_too_large", `Batches are at most ${MAX_BODY_BYTES} bytes`);
  return bytes;
}

/**
 * POST /ingest/drains/{drain_id}: a log drain's batch (docs/integrations/). Only the
 * transport is here: the drain's secret or signature, the body as a stream, the
 * per-line tally of the use case (shared/drains/accept-drain-batch.ts) as the answer,
 * the drain's status and the site's install signals written after. Each chunk of lines
 * is committed to the site's shard as it is read; a batch that fails part-way (body
 * too large, corrupt gzip) keeps what was stored, and the vendor's retry stores it once.
 */
export function registerDrainRoutes(app: OpenAPIHono<{ Bindings: IngestEnv }>) {
  app.openAPIRegistry.registerPath(drainRoute);
  app.openAPIRegistry.registerPath(drainCheckRoute);

  app.get("/ingest/drains/:drain_id", async (c) => {
    vercelVerifyHeader(c, await drainEndpoint(database(c.env.DB), c.req.param("drain_id")));
    return c.json({ ok: true as const }, 200);
  });

  app.post("/ingest/drains/:drain_id", async (c) => {
    const now = Date.now();
    const declared = Number(c.req.header("Content-Length") ?? "0");
    if (declared > MAX_BODY_BYTES)
      throw new ApiError("payload_too_large", `Batches are at most ${MAX_BODY_BYTES} bytes`);
    const db = database(c.env.DB);
    const found = await drainEndpoint(db, c.req.param("drain_id"));
    vercelVerifyHeader(c, found);
    if (!found) throw REFUSALS.invalid_drain_secret;
    const { drain, site } = found;

    let body: ReadableStream<Uint8Array>;
    if (drain.format === "vercel") {
      const bytes = await bodyBytes(c);
      // Vercel's endpoint check may POST an empty, unsigned body: nothing to store.
      if (bytes.byteLength === 0 && drain.revokedAt === null) return c.json(emptyDrainResult(), 200);
      const refusal = await vercelRefusal(c.env, drain, c.req.header("x-vercel-signature") ?? null, bytes);
      if (refusal) refuse(c, found, refusal, now);
      body = streamOf(bytes);
    } else {
      const refusal = await bearerRefusal(drain, c.req.header("Authorization") ?? null);
      if (refusal) refuse(c, found, refusal, now);
      body = c.req.raw.body ?? streamOf(new Uint8Array(0));
    }

    const shard = shardFor(c.env.ANALYTICS_SHARD, site.id);
    const install: InstallSignals[] = [];
    const tally = emptyDrainResult();
    let failure: ApiError | null = null;
    try {
      await acceptDrainBatch(
        {
          drainId: drain.id,
          format: drain.format,
          site: { id: site.id, workspaceId: site.workspaceId, domain: site.domain, coverage: site.coverage },
          snippetInstalledAt: site.snippetInstalledAt,
        },
        readBatchLines(body),
        {
          env: c.env,
          salts: () => currentSalts(c.env, now),
          // An imported log (`npm run import-logs` says so): lines older than 48 h get their
          // past day's salt. A live drain's late lines stay refused, as its vendor's retries
          // come within hours (docs/privacy.md "Imported days").
          ...(c.req.header(LOG_IMPORT_HEADER) === "1"
            ? { pastSalts: (days: string[]) => saltKeeper(c.env).pastSalts(days, now) }
            : {}),
          now,
          commit: async (messages, requests) => {
            const committed = await shard.ingestDrain(messages, requests);
            install.push(...committed.rollup.install);
            return { stored: committed.rollup.stored, duplicates: committed.duplicates };
          },
        },
        tally,
      );
    } catch (e) {
      if (e instanceof BodyTooLarge)
        failure = new ApiError(
          "payload_too_large",
          `${e.message}; the lines before were stored (a retry stores them once)`,
        );
      else if (e instanceof BodyUnreadable)
        failure = new ApiError(
          "invalid_request",
          `The body could not be decompressed: ${e.message}; the lines before were stored`,
        );
      else throw e;
    }
    await recordBatch(db, drain.id, tally, now);
    if (install.length > 0) await c.env.DB.batch(installSignalUpdates(c.env.DB, install));
    if (failure) throw failure;
    return c.json(tally, 200);
  });
}
