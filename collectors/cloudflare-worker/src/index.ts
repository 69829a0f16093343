import { watchWebCheckout } from "../../node/src/agentic-web.js";
import { Collector } from "../../node/src/collector.js";
import { gateResponse, webGateFacts } from "../../node/src/policy-gate.js";

export interface CollectorEnv {
  /** The service's base URL (a var in wrangler.toml). */
  AR_URL?: string;
  /** An API key with `events:write` (`wrangler secret put AR_KEY`). */
  AR_KEY?: string;
  /** The site's domain, when it differs from the host visitors use. */
  AR_DOMAIN?: string;
  /** `1`: enforce the site's agent policy (docs/policy.md); the key then needs `policy:read` too. */
  AR_POLICY?: string;
}

export interface ExecutionContextLike {
  waitUntil(promise: Promise<unknown>): void;
  passThroughOnException(): void;
}

// waitUntil keeps a request's work alive at most 30 s after its answer
// (https://developers.cloudflare.com/workers/runtime-apis/context/#waituntil): a record
// waits 1 s for others to join its batch, a POST gets 5 s, and no retry starts past 20 s.
const LINGER_MS = 1_000;
const BUDGET_MS = 20_000;
const TIMEOUT_MS = 5_000;

// One collector per isolate: the requests an isolate serves within a second share a
// POST, and what the service could not take waits here for a later request's flush.
let collector: Collector | null = null;
let builtFor = "";

function collectorFor(env: CollectorEnv): Collector | null {
  if (!env.AR_URL || !env.AR_KEY) return null;
  const config = `${env.AR_URL}\n${env.AR_KEY}\n${env.AR_DOMAIN ?? ""}\n${env.AR_POLICY ?? ""}`;
  if (!collector || builtFor !== config) {
    collector = new Collector({
      endpoint: env.AR_URL,
      key: env.AR_KEY,
      domain: env.AR_DOMAIN || undefined,
      flushIntervalMs: 0,
      timeoutMs: TIMEOUT_MS,
      // An isolate has 128 MB; the queue stays well inside it.
      maxQueue: 2_000,
      maxQueueBytes: 2 * 1024 * 1024,
      policy: env.AR_POLICY === "1",
    });
    builtFor = config;
  }
  return collector;
}

function collectorOf(env: CollectorEnv): Collector | null {
  try {
    return collectorFor(env);
  } catch (err) {
    console.warn(`[agent-readiness collector] ${(err as Error)?.message ?? String(err)}`);
    return null;
  }
}

function watchCheckout(c: Collector, request: Request) {
  try {
    return watchWebCheckout(c, request);
  } catch {
    return null;
  }
}

/** The gate's answer, or null to go to the origin; its background work under `waitUntil`. */
function policyStop(c: Collector, request: Request, ctx: ExecutionContextLike): Response | null {
  if (!c.policy) return null;
  try {
    const facts = webGateFacts(
      request.method,
      request.url,
      (n) => request.headers.get(n),
      request.headers.get("cf-connecting-ip"),
    );
    const gate = c.policy.check(facts);
    if (gate.refresh) ctx.waitUntil(gate.refresh);
    if (!gate.answer) return null;
    ctx.waitUntil(c.flushSoon(LINGER_MS, BUDGET_MS));
    return gateResponse(gate.answer);
  } catch {
    return null;
  }
}

export default {
  async fetch(request: Request, env: CollectorEnv, ctx: ExecutionContextLike): Promise<Response> {
    // If this Worker fails, Cloudflare sends the request to the origin as if it were absent.
    ctx.passThroughOnException();
    // On a route, fetch(request) goes to the shop's origin as the zone's DNS defines it
    // (https://developers.cloudflare.com/workers/configuration/routing/routes/).
    const c = collectorOf(env);
    // The site's agent policy first (policy-gate.ts): a blocked agent never reaches the origin.
    const stop = c ? policyStop(c, request, ctx) : null;
    if (stop) return stop;
    // An agentic checkout call's copies are taken before the origin reads the request.
    const checkout = c ? watchCheckout(c, request) : null;
    const response = await fetch(request);
    try {
      if (c) {
        const facts = {
          method: request.method,
          url: request.url,
          status: response.status,
          contentType: response.headers.get("content-type"),
          header: (name: string) => request.headers.get(name),
          ip: request.headers.get("cf-connecting-ip"),
        };
        c.record(facts);
        const settled = checkout ? checkout(response, facts) : null;
        ctx.waitUntil(
          settled ? settled.then(() => c.flushSoon(LINGER_MS, BUDGET_MS)) : c.flushSoon(LINGER_MS, BUDGET_MS),
        );
      }
    } catch (err) {
      // The record is lost, never the shop's answer. A bad AR_URL lands here (wrangler tail shows it).
      console.warn(`[agent-readiness collector] ${(err as Error)?.message ?? String(err)}`);
    }
    return response;
  },
};
