import { z } from "zod";
import { chunk } from "../batching/chunk";
import { parseIp } from "../classify/cidr";
import { ipRangeIndex } from "../classify/ip-range-cache";
import { D1_IN_LIST_CHUNK } from "../db/d1-limits";
import { normalizeDomain } from "../domains/normalize-domain";
import { verifyRequestSignature } from "../verification/verify-request";
import { type DropReason, type IngestSite, runPipeline } from "./pipeline";
import type { IngestMessage } from "./queue-message";

export const MAX_SERVER_EVENTS = 500;

/**
 * One request record from a site's edge or log drain (docs/decisions.md#11-server-side-events). Unknown fields
 * (a forwarder's extra headers, request ids) are ignored rather than refused; every
 * kept field is bounded and the whole body is capped by the route.
 */
export const serverEventItem = z.object({
  timestamp: z.union([z.iso.datetime({ offset: true }), z.number().int().positive()]),
  domain: z.string().min(1).max(253),
  path: z.string().min(1).max(2048).startsWith("/"),
  method: z.string().regex(/^[A-Za-z]{1,16}$/),
  status: z.number().int().min(100).max(599),
  user_agent: z.string().max(1024).nullish(),
  ip: z
    .string()
    .max(64)
    .refine((v) => parseIp(v) !== null, "not an IP address")
    .nullish(),
  referer: z.string().max(2048).nullish(),
  headers: z
    .object({
      signature: z.string().max(4096).optional(),
      "signature-input": z.string().max(4096).optional(),
      "signature-agent": z.string().max(4096).optional(),
    })
    .optional(),
});

export type ServerEventItem = z.infer<typeof serverEventItem>;

export type ServerEventResult =
  | { index: number; status: "accepted" }
  | { index: number; status: "rejected"; error: { code: string; message: string } };

export interface ServerEventsEnv {
  DB: D1Database;
  EVENTS: Queue;
  ACCEPT_TEST_SIGNATURE_KEYS?: string;
  OUTBOUND_RESOLVE?: string;
}

const REJECT_MESSAGES: Record<DropReason, string> = {
  stale_timestamp: "timestamp is older than the 48 h the visitor-hash salts are kept",
  future_timestamp: "timestamp is more than 5 minutes in the future",
  invalid_url: "domain and path do not form a valid URL",
  foreign_host: "path is not on the site's domain",
  named_automation:
    "the user_agent names non-AI automation (search engine, SEO crawler, monitor, prerenderer, link previewer, HTTP library): not recorded",
};

async function sitesOf(db: D1Database, workspaceId: string, domains: string[]): Promise<Map<string, IngestSite>> {
  const out = new Map<string, IngestSite>();
  for (const part of chunk(domains, D1_IN_LIST_CHUNK)) {
    const { results } = await db
      .prepare(
        `SELECT id, workspace_id, domain, coverage FROM sites WHERE workspace_id = ? AND domain IN (${part.map(() => "?").join(",")})`,
      )
      .bind(workspaceId, ...part)
      .all<{ id: string; workspace_id: string; domain: string; coverage: string }>();
    for (const r of results)
      out.set(r.domain, { id: r.id, workspaceId: r.workspace_id, domain: r.domain, coverage: r.coverage });
  }
  return out;
}

/**
 * POST /api/v1/events: validates each record on its own, classifies it with the same
 * pipeline as beacons (Web Bot Auth from the forwarded headers, IP ranges on the full
 * IP, which goes no further) and enqueues the accepted ones. Only sites of the caller's
 * workspace are reachable; another workspace's domain is rejected like an unknown one.
 */
export async function acceptServerEvents(
  env: ServerEventsEnv,
  workspaceId: string,
  items: readonly unknown[],
  nowMs: number,
): Promise<{ received: number; accepted: number; rejected: number; results: ServerEventResult[] }> {
  const parsed = items.map((raw) => serverEventItem.safeParse(raw));
  const domains = new Set<string>();
  const normalized = parsed.map((p) => {
    if (!p.success) return null;
    const d = normalizeDomain(p.data.domain);
    if (d.ok) domains.add(d.domain);
    return d.ok ? d.domain : null;
  });
  const sites = await sitesOf(env.DB, workspaceId, [...domains]);
  const ipRanges = await ipRangeIndex(env.DB, nowMs);
  const results: ServerEventResult[] = [];
  const messages: IngestMessage[] = [];
  for (let index = 0; index < parsed.length; index++) {
    const p = parsed[index];
    if (!p.success) {
      const issue = p.error.issues[0];
      const field = ["events", index, ...issue.path.map(String)].join(".");
      results.push({
        index,
        status: "rejected",
        error: { code: "invalid_request", message: `${field}: ${issue.message}` },
      });
      continue;
    }
    const item = p.data;
    const site = normalized[index] ? sites.get(normalized[index] as string) : undefined;
    if (!site) {
      results.push({
        index,
        status: "rejected",
        error: { code: "site_not_found", message: "No site with that domain in this workspace" },
      });
      continue;
    }
    const url = `https://${site.domain}${item.path}`;
    const headers = item.headers ?? {};
    const signature = await verifyRequestSignature(
      env,
      {
        method: item.method,
        url,
        header: (n) =>
          n === "signature" || n === "signature-input" || n === "signature-agent" ? (headers[n] ?? null) : null,
      },
      nowMs,
    );
    const out = await runPipeline(
      {
        id: crypto.randomUUID(),
        channel: "server",
        kind: "request",
        occurredAt: typeof item.timestamp === "number" ? item.timestamp : Date.parse(item.timestamp),
        receivedAt: nowMs,
        pageUrl: url,
        referrer: item.referer ?? null,
        durationMs: null,
        target: null,
        userAgent: item.user_agent ?? null,
        clientIp: item.ip ?? null,
        automation: {},
        signature,
        site,
      },
      { salts: null, ipRanges },
    );
    if ("dropped" in out) {
      results.push({
        index,
        status: "rejected",
        error: { code: out.dropped, message: REJECT_MESSAGES[out.dropped] },
      });
      continue;
    }
    messages.push(out);
    results.push({ index, status: "accepted" });
  }
  for (let i = 0; i < messages.length; i += 100) {
    await env.EVENTS.sendBatch(messages.slice(i, i + 100).map((body) => ({ body, contentType: "json" as const })));
  }
  const accepted = messages.length;
  return { received: items.length, accepted, rejected: items.length - accepted, results };
}
