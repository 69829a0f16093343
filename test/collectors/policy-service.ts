import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { bundledIpRanges } from "../../shared/classify/ip-range-sources";
import { collectorDocument } from "../../shared/policy/collector-document";
import { POLICY_SIGNATURE_HEADER, signPolicyDocument } from "../../shared/policy/document-signature";
import { NEUTRAL_POLICY, type PolicyRules } from "../../shared/policy/policy-schema";

export const POLICY_KEY = "ar_test_policy_key";

/**
 * A stand-in for the service on loopback: `GET /api/v1/sites/{domain}/policy/collector`
 * answers the document the service's own code builds (shared/policy/collector-document.ts),
 * signed as the service signs it, with an ETag and 304; `POST /api/v1/events` keeps the
 * records. `setPolicy` saves a new version; `down` makes every answer a 503.
 */
export async function startPolicyService(domain = "shop.example") {
  let version = 0;
  let rules: PolicyRules = NEUTRAL_POLICY;
  let siteRobots: string | null = null;
  let down = false;
  const events: Record<string, unknown>[] = [];
  const fetches: number[] = [];
  const documentBody = () =>
    JSON.stringify(
      collectorDocument({
        domain,
        version,
        policy: rules,
        ipLists: bundledIpRanges,
        siteRobots,
        policyUrl: `https://${domain}/robots.txt`,
        updatedAt: version === 0 ? null : 1_790_000_000_000 + version,
      }),
    );
  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    if (down) return void res.writeHead(503).end();
    if (req.method === "POST" && req.url === "/api/v1/events") {
      const posted = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { events: Record<string, unknown>[] };
      events.push(...posted.events);
      const n = posted.events.length;
      res.writeHead(200, { "content-type": "application/json" });
      return void res.end(JSON.stringify({ received: n, accepted: n, rejected: 0, results: [] }));
    }
    if (req.url === `/api/v1/sites/${domain}/policy/collector`) {
      fetches.push(Date.now());
      if (req.headers.authorization !== `Bearer ${POLICY_KEY}`) return void res.writeHead(401).end();
      const body = documentBody();
      const etag = `"v${version}-${body.length}"`;
      if (req.headers["if-none-match"] === etag) return void res.writeHead(304, { etag }).end();
      res.writeHead(200, {
        "content-type": "application/json",
        etag,
        [POLICY_SIGNATURE_HEADER]: await signPolicyDocument(body, POLICY_KEY),
      });
      return void res.end(body);
    }
    res.writeHead(404).end();
  };
  const server = createServer((req, res) => void answer(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    events,
    fetches,
    /** Saves a new policy version (and, optionally, the robots.txt the site serves). */
    setPolicy(next: Partial<PolicyRules>, robots: string | null = siteRobots) {
      rules = { ...NEUTRAL_POLICY, ...next };
      siteRobots = robots;
      version++;
    },
    document: () => JSON.parse(documentBody()),
    setDown(value: boolean) {
      down = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
