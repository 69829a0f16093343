import { type CompiledPolicy, compilePolicy, isPolicyDocument } from "./policy-document.js";
import { policyVerifyKey, signatureValid } from "./policy-signature.js";

// Fetches and keeps the site's policy document (docs/policy.md "When the service is
// down"): refreshed in the background when due, never on a request's time; a document
// that fails its signature, names another site or goes back in version is refused;
// whatever goes wrong, the last good document stays in force. Before the first good
// document, nothing is enforced: a collector that cannot reach the service lets every
// request through rather than guessing.

export interface PolicyOptions {
  /** How often to ask for a newer document (ms). Default: the document's `refresh_seconds` (60 s). */
  refreshMs?: number;
  /** First retry after a failed fetch (ms), doubled each time up to the refresh interval. Default 5,000. */
  retryBaseMs?: number;
  /** One fetch's deadline (ms). Default 5,000. */
  timeoutMs?: number;
}

export interface PolicyClientOptions extends PolicyOptions {
  endpoint: string;
  key: string;
  /** The site's domain; when absent, the first request's host. */
  domain?: string;
  fetch: typeof fetch;
  now: () => number;
  onError: (message: string, status?: number) => void;
}

export interface PolicyStatus {
  /** The version in force, null before the first good document. */
  version: number | null;
  /** When the document in force was fetched or confirmed (304), epoch ms. */
  confirmedAt: number | null;
  /** Fetches that failed since the last good answer. */
  failures: number;
}

const DEFAULT_REFRESH_MS = 60_000;

export class PolicyClient {
  private policy: CompiledPolicy | null = null;
  private etag: string | null = null;
  private domain: string | null;
  /** No domain configured: requests' hosts name the site until a good document confirms one. */
  private readonly learning: boolean;
  private dueAt = 0;
  private failures = 0;
  private confirmedAt: number | null = null;
  private inFlight: Promise<void> | null = null;
  private verifyKey: Promise<CryptoKey | null> | null = null;
  private readonly base: string;

  constructor(private readonly o: PolicyClientOptions) {
    this.base = o.endpoint.replace(/\/+$/, "");
    this.domain = o.domain ? siteDomain(o.domain) : null;
    this.learning = this.domain === null;
  }

  /** The policy in force, or null before the first good document (nothing is enforced then). */
  current(): CompiledPolicy | null {
    return this.policy;
  }

  status(): PolicyStatus {
    return { version: this.policy?.document.version ?? null, confirmedAt: this.confirmedAt, failures: this.failures };
  }

  /**
   * Starts a fetch when one is due (none in flight) and returns it, for runtimes that
   * keep work alive with `waitUntil`; null when nothing is due. `host`: the request's
   * host, which names the site when no `domain` was configured.
   */
  refreshIfDue(host?: string): Promise<void> | null {
    if (this.inFlight || this.o.now() < this.dueAt) return null;
    // Without a configured domain, the request that finds a fetch due names the site,
    // until a good document confirms one: a forged Host on the first request cannot hold
    // the collector on a site the service does not know, with nothing enforced.
    if (this.learning && this.policy === null && host) this.domain = siteDomain(host);
    if (this.domain === null) return null;
    return this.refresh();
  }

  /** Fetches now (or joins the fetch in flight). Resolves when done; never rejects. */
  refresh(): Promise<void> {
    this.inFlight ??= this.fetchOnce().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private refreshMs(): number {
    return this.o.refreshMs ?? (this.policy ? this.policy.document.refresh_seconds * 1000 : DEFAULT_REFRESH_MS);
  }

  private failed(message: string, status?: number) {
    this.failures++;
    const backoff = (this.o.retryBaseMs ?? 5_000) * 2 ** (this.failures - 1);
    this.dueAt = this.o.now() + Math.min(backoff, this.refreshMs());
    try {
      this.o.onError(message, status);
    } catch {
      // The merchant's handler must not stop the refreshes.
    }
  }

  private async fetchOnce(): Promise<void> {
    const domain = this.domain;
    if (domain === null) return;
    // Set first: a fetch that hangs until its deadline is not started again meanwhile.
    this.dueAt = this.o.now() + this.refreshMs();
    let response: Response;
    try {
      response = await this.o.fetch(`${this.base}/api/v1/sites/${encodeURIComponent(domain)}/policy/collector`, {
        headers: {
          Authorization: `Bearer ${this.o.key}`,
          Accept: "application/json",
          ...(this.etag && this.policy ? { "If-None-Match": this.etag } : {}),
        },
        signal: AbortSignal.timeout(this.o.timeoutMs ?? 5_000),
      });
    } catch (err) {
      return this.failed(`policy: ${(err as Error)?.name === "TimeoutError" ? "no answer" : String(err)}`);
    }
    try {
      if (response.status === 304 && this.policy) {
        await response.body?.cancel();
        return this.confirmed();
      }
      const body = await response.text();
      if (!response.ok) return this.failed(`policy: the service answered ${response.status}`, response.status);
      this.verifyKey ??= policyVerifyKey(this.o.key);
      const key = await this.verifyKey;
      if (!key) return this.failed("policy: no Web Crypto in this runtime, the policy is not enforced");
      if (!(await signatureValid(key, body, response.headers.get("x-policy-signature"))))
        return this.failed("policy: the document's signature does not verify; the last good one stays");
      const document: unknown = JSON.parse(body);
      if (!isPolicyDocument(document)) return this.failed("policy: the document is not in a known format");
      if (document.domain !== domain)
        return this.failed(`policy: the document is for ${document.domain}, not ${domain}`);
      if (this.policy && document.version < this.policy.document.version)
        return this.failed(`policy: refused version ${document.version}, older than ${this.policy.document.version}`);
      this.policy = compilePolicy(document);
      this.etag = response.headers.get("etag");
      this.confirmed();
    } catch (err) {
      this.failed(`policy: ${(err as Error)?.message ?? String(err)}`);
    }
  }

  private confirmed() {
    this.failures = 0;
    this.confirmedAt = this.o.now();
    this.dueAt = this.o.now() + this.refreshMs();
  }
}

/** A host as the service names sites: lower case, no port, no `www.` (docs/decisions.md "Domains"). */
export function siteDomain(host: string): string {
  return host
    .trim()
    .toLowerCase()
    .replace(/:\d+$/, "")
    .replace(/\.$/, "")
    .replace(/^www\./, "");
}
