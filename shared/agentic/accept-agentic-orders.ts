import { agentCheckouts } from "@schema";
import { sql } from "drizzle-orm";
import type { z } from "zod";
import { ipRangeIndex } from "../classify/ip-range-cache";
import { ucpAgentOrigin } from "../classify/ucp-agent";
import { readUserAgent } from "../classify/user-agent";
import { normalizeCurrency } from "../conversions/currency";
import { database } from "../db/client";
import type { AcceptEnv } from "../ingest/accept-events";
import { runPipeline } from "../ingest/pipeline";
import type { DropReason, IngestSite, PipelineDeps } from "../ingest/pipeline-types";
import type { IngestMessage } from "../ingest/queue-message";
import { DNS_LOOKUPS_PER_REQUEST, reverseDnsFor } from "../verification/reverse-dns";
import { requestKeyLookup, verifyRequestSignature } from "../verification/verify-request";
import { outcomeRankSql } from "../vocabulary/agentic-checkout";
import type { AgenticOrderInput } from "./order-input";

/** One order record as the server-side events route validated it (the record plus its `order`). */
export interface OrderRecord {
  timestamp: string | number;
  domain: string;
  path: string;
  method: string;
  status: number;
  user_agent?: string | null;
  ip?: string | null;
  referer?: string | null;
  headers?: { signature?: string; "signature-input"?: string; "signature-agent"?: string; "ucp-agent"?: string };
  order: AgenticOrderInput;
}

/** What became of one order record. */
export type OrderAcceptance =
  | { outcome: "accepted" }
  | {
      outcome: "rejected";
      code: DropReason | "invalid_request" | "site_not_found";
      message?: string;
      error?: z.ZodError;
    };

/** The agent's own name: its User-Agent token, else who signed (the key's host), else its UCP profile's host. */
function agentName(record: OrderRecord, message: IngestMessage | null): string | null {
  const claim = readUserAgent(record.user_agent ?? null);
  if (claim.kind === "ai_agent") return claim.agent.token.toLowerCase();
  const origin = message?.signerOrigin ?? ucpAgentOrigin(record.headers?.["ucp-agent"]);
  return origin ? new URL(origin).host : null;
}

const STORED_OUTCOME_RANK = outcomeRankSql(`"agent_checkouts"."outcome"`);
const NEW_OUTCOME_RANK = outcomeRankSql("excluded.outcome");

/**
 * Agentic orders from server-side records (`POST /api/v1/events` records with `order`):
 * each record's agent identified and verified as every request is (the same pipeline:
 * Web Bot Auth on the forwarded headers, the vendor IP ranges, reverse DNS, User-Agent
 * and UCP-Agent), then the checkout stored once per site, protocol and checkout id, its
 * strongest outcome kept (a retry, a record sent twice and a failure after the
 * completion change nothing). An agent naming itself as non-AI automation still placed
 * the order: it is stored without an AI platform. A record is an order, not a page view:
 * nothing goes to the events queue.
 */
export async function acceptAgenticOrders(
  env: AcceptEnv,
  records: readonly { record: OrderRecord; site: IngestSite | null }[],
  now: number,
): Promise<OrderAcceptance[]> {
  const keys = requestKeyLookup(env);
  let deps: PipelineDeps | undefined;
  const out: OrderAcceptance[] = [];
  const rows: (typeof agentCheckouts.$inferInsert)[] = [];
  for (const { record, site } of records) {
    if (!site) {
      out.push({ outcome: "rejected", code: "site_not_found" });
      continue;
    }
    const currency = record.order.currency === undefined ? null : normalizeCurrency(record.order.currency);
    if (record.order.currency !== undefined && currency === null) {
      out.push({
        outcome: "rejected",
        code: "invalid_request",
        message: `order.currency: "${record.order.currency}" is not an ISO 4217 code`,
      });
      continue;
    }
    deps ??= {
      salts: null,
      ipRanges: await ipRangeIndex(env.DB, now),
      reverseDns: reverseDnsFor(env.OUTBOUND_RESOLVE).budgeted(DNS_LOOKUPS_PER_REQUEST),
    };
    const url = `https://${site.domain}${record.path}`;
    const headers = record.headers ?? {};
    const signature = await verifyRequestSignature(
      env,
      {
        method: record.method,
        url,
        header: (n) =>
          n === "signature" || n === "signature-input" || n === "signature-agent" ? (headers[n] ?? null) : null,
      },
      now,
      keys,
    );
    const result = await runPipeline(
      {
        id: crypto.randomUUID(),
        channel: "server",
        kind: "request",
        occurredAt: typeof record.timestamp === "number" ? record.timestamp : Date.parse(record.timestamp),
        receivedAt: now,
        pageUrl: url,
        referrer: null,
        durationMs: null,
        target: null,
        userAgent: record.user_agent ?? null,
        clientIp: record.ip ?? null,
        automation: {},
        ucpAgent: headers["ucp-agent"] ?? null,
        signature,
        site,
      },
      deps,
    );
    let message: IngestMessage | null = null;
    if ("dropped" in result) {
      if (result.dropped !== "named_automation") {
        out.push({ outcome: "rejected", code: result.dropped });
        continue;
      }
    } else message = result;
    const o = record.order;
    rows.push({
      id: crypto.randomUUID(),
      workspaceId: site.workspaceId,
      siteId: site.id,
      protocol: o.protocol,
      binding: o.binding,
      checkoutRef: o.checkout_id,
      orderRef: o.order_id ?? null,
      outcome: o.outcome,
      amountMinor: o.amount_minor ?? null,
      currency,
      platform: message?.platform ?? null,
      agent: agentName(record, message),
      tier: message?.tier ?? null,
      occurredAt:
        message?.occurredAt ?? (typeof record.timestamp === "number" ? record.timestamp : Date.parse(record.timestamp)),
      recordedAt: now,
    });
    out.push({ outcome: "accepted" });
  }
  if (rows.length > 0) {
    const db = database(env.DB);
    const writes = rows.map((row) =>
      db
        .insert(agentCheckouts)
        .values(row)
        .onConflictDoUpdate({
          target: [agentCheckouts.siteId, agentCheckouts.protocol, agentCheckouts.checkoutRef],
          set: {
            binding: sql`excluded.binding`,
            outcome: sql`excluded.outcome`,
            orderRef: sql`coalesce(excluded.order_ref, "agent_checkouts"."order_ref")`,
            amountMinor: sql`coalesce(excluded.amount_minor, "agent_checkouts"."amount_minor")`,
            currency: sql`coalesce(excluded.currency, "agent_checkouts"."currency")`,
            platform: sql`excluded.platform`,
            agent: sql`excluded.agent`,
            tier: sql`excluded.tier`,
            occurredAt: sql`excluded.occurred_at`,
            recordedAt: sql`excluded.recorded_at`,
          },
          // Only a stronger outcome replaces the stored one (shared/vocabulary/agentic-checkout.ts).
          setWhere: sql.raw(`${NEW_OUTCOME_RANK} > ${STORED_OUTCOME_RANK}`),
        }),
    );
    await db.batch(writes as [(typeof writes)[0], ...typeof writes]);
  }
  return out;
}
