import { acceptAgenticOrders, type OrderAcceptance } from "../agentic/accept-agentic-orders";
import { AgenticOrderInput } from "../agentic/order-input";
import { readUserAgent } from "../classify/user-agent";
import type { ReadEnv, RequestContext } from "../context/request-context";
import { database } from "../db/client";
import { normalizeDomain } from "../domains/normalize-domain";
import { isDocumentPath } from "../drains/document-request";
import {
  type Acceptance,
  type AcceptEnv,
  acceptEvents,
  type IngestChannel,
  sendToQueue,
} from "../ingest/accept-events";
import type { DropReason, IngestSite } from "../ingest/pipeline-types";
import type { AgentRequestFacts, IngestMessage } from "../ingest/queue-message";
import { type ServerEventItem, serverEventItem } from "../ingest/server-event-schema";
import { ok, type Result } from "../result/result";
import { findSitesByDomains } from "../sites/site-store";

/** A record with `order`: an agentic checkout's end (shared/agentic/accept-agentic-orders.ts), not a page view. */
export const serverOrderItem = serverEventItem.extend({ order: AgenticOrderInput });

const isOrderRecord = (item: unknown) =>
  typeof item === "object" && item !== null && (item as { order?: unknown }).order != null;

export type ServerEventResult =
  | { index: number; status: "accepted" }
  | { index: number; status: "rejected"; error: { code: string; message: string } };

/** The acceptance path's bindings (D1, the events queue) in a request context. */
export type ServerEventsEnv = AcceptEnv & ReadEnv;

/** POST /api/v1/events's answer: counts and one result per record, in order. */
export interface ServerEventsOutcome {
  received: number;
  accepted: number;
  rejected: number;
  results: ServerEventResult[];
}

const REJECT_MESSAGES: Record<DropReason, string> = {
  stale_timestamp:
    "timestamp is before yesterday (UTC), or yesterday after 23:00 UTC: that day's visitor-hash salt is deleted",
  future_timestamp: "timestamp is more than 5 minutes in the future",
  invalid_url: "domain and path do not form a valid URL",
  foreign_host: "path is not on the site's domain",
  named_automation:
    "the user_agent names non-AI automation (search engine, SEO crawler, monitor, prerenderer, link previewer, HTTP library): not recorded",
};

async function sitesOf(db: D1Database, workspaceId: string, domains: string[]): Promise<Map<string, IngestSite>> {
  return findSitesByDomains(database(db), workspaceId, domains);
}

const pageUrl = (item: ServerEventItem, site: IngestSite) => `https://${site.domain}${item.path}`;

/**
 * The server-side way in: an API key's workspace (the v1 route checked `events:write`)
 * may send records for its own sites, by domain; another workspace's domain is refused
 * like an unknown one. Web Bot Auth is verified on the forwarded headers; the IP ranges
 * on the full IP, which goes no further.
 */
function serverChannel(env: AcceptEnv, workspaceId: string): IngestChannel<ServerEventItem, "site_not_found"> {
  return {
    schema: serverEventItem,
    async admit(items) {
      const normalized = items.map((item) => {
        const d = normalizeDomain(item.domain);
        return d.ok ? d.domain : null;
      });
      const sites = await sitesOf(env.DB, workspaceId, [...new Set(normalized.filter((d) => d !== null))]);
      return normalized.map((domain) => {
        const site = domain === null ? undefined : sites.get(domain);
        return site ? { site } : { refused: "site_not_found" as const };
      });
    },
    signed: (item, site) => {
      const headers = item.headers ?? {};
      return {
        method: item.method,
        url: pageUrl(item, site),
        header: (n) =>
          n === "signature" || n === "signature-input" || n === "signature-agent" ? (headers[n] ?? null) : null,
      };
    },
    raw: (item, site) => ({
      channel: "server",
      kind: "request",
      occurredAt: typeof item.timestamp === "number" ? item.timestamp : Date.parse(item.timestamp),
      pageUrl: pageUrl(item, site),
      referrer: item.referer ?? null,
      durationMs: null,
      target: null,
      userAgent: item.user_agent ?? null,
      clientIp: item.ip ?? null,
      automation: {},
      ucpAgent: item.headers?.["ucp-agent"] ?? null,
    }),
  };
}

/**
 * An AI agent's server-side record as an `agent_requests` row's facts, as a drain line
 * gives them (shared/drains/accept-drain-batch.ts); the record has no Content-Type, so
 * the path tells a document (shared/drains/document-request.ts).
 */
function agentRequestFacts(item: ServerEventItem): AgentRequestFacts {
  const claim = readUserAgent(item.user_agent ?? null);
  return {
    method: item.method.toUpperCase(),
    path: item.path,
    status: item.status,
    agent: claim.kind === "ai_agent" ? claim.agent.token.toLowerCase() : null,
    document: isDocumentPath(item.path) ? 1 : 0,
    ...(item.policy ? { blocked: { reason: item.policy.reason, version: item.policy.version } } : {}),
  };
}

/** One record's result in the answer, from its outcome. */
function resultOf(o: Acceptance<"site_not_found">, index: number): ServerEventResult {
  switch (o.outcome) {
    case "accepted":
      return { index, status: "accepted" };
    case "invalid": {
      const issue = o.error.issues[0];
      const field = ["events", index, ...issue.path.map(String)].join(".");
      return { index, status: "rejected", error: { code: "invalid_request", message: `${field}: ${issue.message}` } };
    }
    case "refused":
      return {
        index,
        status: "rejected",
        error: { code: "site_not_found", message: "No site with that domain in this workspace" },
      };
    case "dropped":
      return { index, status: "rejected", error: { code: o.reason, message: REJECT_MESSAGES[o.reason] } };
  }
}

/**
 * POST /api/v1/events: each record through the one acceptance path on its own (the v1
 * Worker has no salts: the consumer hashes), its outcome written as that record's
 * result (docs/ingest.md, "Server-side events").
 */
export async function acceptServerEvents(
  ctx: RequestContext<ServerEventsEnv>,
  input: { events: readonly unknown[] },
): Promise<Result<ServerEventsOutcome, never>> {
  const { env, workspaceId, nowMs } = ctx;
  const items = input.events;
  // Order records take their own way (they are orders, not page views); the rest is events.
  const orderAt = items.flatMap((item, i) => (isOrderRecord(item) ? [i] : []));
  const eventAt = items.flatMap((item, i) => (isOrderRecord(item) ? [] : [i]));
  const events = eventAt.map((i) => items[i]);
  const outcomes = await acceptEvents(env, serverChannel(env, workspaceId), events, {
    salts: async () => null,
    now: nowMs,
    // Queued below, once each AI agent's record carries its agent_requests facts.
    deliver: async () => {},
  });
  const messages: IngestMessage[] = [];
  outcomes.forEach((o, i) => {
    if (o.outcome !== "accepted") return;
    const message = o.message;
    if (message.platform !== null) message.agentRequest = agentRequestFacts(events[i] as ServerEventItem);
    messages.push(message);
  });
  await sendToQueue(env.EVENTS, messages);
  const results: ServerEventResult[] = new Array(items.length);
  outcomes.forEach((o, n) => {
    results[eventAt[n]] = resultOf(o, eventAt[n]);
  });
  const orderResults = await acceptOrderRecords(env, workspaceId, orderAt, items, nowMs);
  orderAt.forEach((index, n) => {
    results[index] = orderResults[n];
  });
  const accepted = results.filter((r) => r.status === "accepted").length;
  return ok({ received: items.length, accepted, rejected: items.length - accepted, results });
}

/** The order records of a batch, validated and admitted by domain as events are, then accepted as orders. */
async function acceptOrderRecords(
  env: ServerEventsEnv,
  workspaceId: string,
  at: number[],
  items: readonly unknown[],
  nowMs: number,
): Promise<ServerEventResult[]> {
  if (at.length === 0) return [];
  const parsed = at.map((i) => serverOrderItem.safeParse(items[i]));
  const valid = parsed.flatMap((p) => (p.success ? [p.data] : []));
  const admitted = valid.length ? await serverChannel(env, workspaceId).admit(valid) : [];
  const accepted = await acceptAgenticOrders(
    env,
    admitted.map((a, n) => ({ record: valid[n], site: "site" in a ? a.site : null })),
    nowMs,
  );
  let v = 0;
  return parsed.map((p, n): ServerEventResult => {
    if (!p.success) return resultOf({ outcome: "invalid", error: p.error }, at[n]);
    return orderResultOf(accepted[v++], at[n]);
  });
}

function orderResultOf(o: OrderAcceptance, index: number): ServerEventResult {
  if (o.outcome === "accepted") return { index, status: "accepted" };
  if (o.code === "site_not_found") return resultOf({ outcome: "refused", refusal: "site_not_found" }, index);
  if (o.code === "invalid_request")
    return { index, status: "rejected", error: { code: o.code, message: o.message ?? "" } };
  return resultOf({ outcome: "dropped", reason: o.code }, index);
}
