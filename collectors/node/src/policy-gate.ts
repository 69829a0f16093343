import { PolicyClient, type PolicyClientOptions } from "./policy-client.js";
import type { BlockReason, KnownAgent, PolicyMark } from "./policy-document.js";
import type { RequestFacts } from "./record.js";

// Where a collector enforces the site's policy (docs/policy.md "Enforcement"): before
// the shop's own code, each request is decided from the document in memory (no I/O on
// the request's time), a blocked agent gets a short 403, a managed robots.txt is served,
// and every decision that stopped a request is recorded for the reports.

/**
 * Where the gate's decisions are recorded: the collector's own `record` and
 * `recordBlocked` (collector.ts), named here so the gate needs nothing else of it.
 */
export interface GateRecorder {
  record(facts: RequestFacts): void;
  recordBlocked(facts: RequestFacts, policy: PolicyMark): void;
}

/** An answer the collector gives instead of the shop. */
export interface GateAnswer {
  status: 200 | 403;
  headers: Record<string, string>;
  body: string;
}

export interface GateResult {
  /** Non-null: send this and do not call the shop. */
  answer: GateAnswer | null;
  /** A background policy fetch this request started (put it under `waitUntil` where there is one). */
  refresh: Promise<void> | null;
}

const PURPOSE_WORDS: Record<string, string> = {
  crawl: "training crawl",
  search: "AI search",
  user_action: "acting for a person",
  agentic_browser: "agentic browser",
  unknown: "purpose not stated",
};

/** The 403's text: who, why, where the policy is. Short, plain, no markup. */
function reasonText(agent: KnownAgent, reason: BlockReason, domain: string, link: string): string {
  const who = `${agent.token} (${agent.operator}, ${PURPOSE_WORDS[agent.purpose] ?? agent.purpose})`;
  const why =
    reason === "robots"
      ? `${domain}'s robots.txt disallows this path for ${who}, and this site enforces it.`
      : `${domain}'s agent policy does not allow ${who} here.`;
  return `403 Forbidden: ${why}\nPolicy: ${link}\n`;
}

const NO_STORE = "private, no-store";

export class PolicyGate {
  readonly client: PolicyClient;

  constructor(
    private readonly collector: GateRecorder,
    options: PolicyClientOptions,
  ) {
    this.client = new PolicyClient(options);
  }

  /**
   * Decides one request before the shop sees it. Never throws: anything unexpected lets
   * the request through. `pathAndQuery` is the request target as sent (`/p?q=1`).
   */
  check(facts: RequestFacts & { pathAndQuery: string; host: string }): GateResult {
    let refresh: Promise<void> | null = null;
    try {
      refresh = this.client.refreshIfDue(facts.host);
      const policy = this.client.current();
      if (!policy) return { answer: null, refresh };
      const { document } = policy;
      const method = facts.method.toUpperCase();
      if (facts.pathAndQuery === "/robots.txt" && document.managed_robots_txt !== null) {
        if (method !== "GET" && method !== "HEAD") return { answer: null, refresh };
        this.collector.record({ ...facts, status: 200, contentType: "text/plain" });
        return {
          answer: {
            status: 200,
            headers: { "Content-Type": "text/plain; charset=utf-8", "X-Policy-Version": String(document.version) },
            body: method === "HEAD" ? "" : document.managed_robots_txt,
          },
          refresh,
        };
      }
      // The shop's own robots.txt is never blocked: RFC 9309 §2.2.2 allows /robots.txt
      // implicitly, and a blocked agent learns the site's rules (and the Link's) from it.
      if (facts.pathAndQuery === "/robots.txt") return { answer: null, refresh };
      const verdict = policy.decide(facts.header("user-agent"), facts.ip, facts.pathAndQuery);
      if (!verdict?.blocked) return { answer: null, refresh };
      // A page's record is sent as the page would be (the path decides, as for any
      // record without a Content-Type), marked with the decision.
      this.collector.recordBlocked(
        { ...facts, status: 403, contentType: null },
        { decision: "blocked", reason: verdict.blocked, version: document.version },
      );
      return {
        answer: {
          status: 403,
          headers: {
            "Content-Type": "text/plain; charset=utf-8",
            Link: `<${document.policy_url}>; rel="describedby"`,
            // Never cached: a shared cache must not answer a person with an agent's 403.
            "Cache-Control": NO_STORE,
            "X-Policy-Version": String(document.version),
          },
          body:
            method === "HEAD" ? "" : reasonText(verdict.agent, verdict.blocked, document.domain, document.policy_url),
        },
        refresh,
      };
    } catch {
      return { answer: null, refresh };
    }
  }
}

/** A gate answer as a web `Response` (Hono, Next.js, the Worker). */
export function gateResponse(answer: GateAnswer): Response {
  return new Response(answer.body === "" ? null : answer.body, { status: answer.status, headers: answer.headers });
}

/** A web request's facts for the gate: the URL read once for its path, query and host. */
export function webGateFacts(
  method: string,
  url: string,
  header: (name: string) => string | null | undefined,
  ip: string | null | undefined,
) {
  const parsed = new URL(url);
  return { method, url, status: 0, header, ip, pathAndQuery: parsed.pathname + parsed.search, host: parsed.host };
}
