import { robotsChecks, sites } from "@schema";
import { asc, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { OutboundError } from "../outbound/outbound-error";
import type { ResolveMap } from "../outbound/resolve-map";
import { safeFetch } from "../outbound/safe-fetch";
import { scannerUserAgent } from "../outbound/user-agents";
import { DAY_MS } from "../time/durations";
import { type RobotsCheck, recordRobotsFetch } from "./robots-history";
import { MAX_VERSION_BYTES, observationOf, type RobotsObservation } from "./robots-version";

/** Domains fetched per cron run at most; the `*\/5` cron then reaches 8,640 domains a day. */
export const ROBOTS_FETCHES_PER_RUN = 30;
/** A domain is fetched again once its last check is this old: daily (docs/reports.md). */
export const ROBOTS_REFETCH_MS = DAY_MS;

/**
 * Fetches `https://{domain}/robots.txt` through the one outbound guard (SSRF checks on
 * every hop, bounded bytes and time). Five redirects are followed (RFC 9309 §2.3.1.2).
 */
export async function fetchRobots(
  domain: string,
  resolve: ResolveMap,
  infoUrl?: string,
): Promise<{ check: RobotsCheck; observation: RobotsObservation | null }> {
  try {
    const res = await safeFetch(`https://${domain}/robots.txt`, {
      resolve,
      maxRedirects: 5,
      maxBytes: MAX_VERSION_BYTES,
      timeoutMs: 8000,
      headers: { "User-Agent": scannerUserAgent(infoUrl), Accept: "text/plain" },
    });
    const observation = observationOf({
      status: res.status,
      contentType: res.headers.get("content-type") ?? "",
      body: res.status >= 200 && res.status < 300 ? res.text() : "",
    });
    return { check: { status: res.status, error: observation ? null : `HTTP ${res.status}` }, observation };
  } catch (err) {
    const message = err instanceof OutboundError ? `${err.code}: ${err.message}` : String(err);
    return { check: { status: 0, error: message.slice(0, 500) }, observation: null };
  }
}

/** Registered domains whose robots.txt is due (never checked, or checked a day ago), oldest check first. */
export async function dueRobotsDomains(db: Database, now: number, limit: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ domain: sites.domain, checkedAt: robotsChecks.checkedAt })
    .from(sites)
    .leftJoin(robotsChecks, eq(robotsChecks.domain, sites.domain))
    .where(or(isNull(robotsChecks.checkedAt), lt(robotsChecks.checkedAt, now - ROBOTS_REFETCH_MS)))
    .orderBy(asc(sql`coalesce(${robotsChecks.checkedAt}, 0)`), asc(sites.domain))
    .limit(limit);
  return rows.map((r) => r.domain);
}

export interface RobotsRefresh {
  fetched: number;
  newVersions: number;
  failed: number;
}

/**
 * The daily robots.txt fetch of every registered domain, spread over the `*\/5` cron:
 * each run takes the domains most overdue. `reachable` lets local runs keep to hosts
 * mapped to local fixtures (never the internet).
 */
export async function refreshRobotsHistory(
  db: Database,
  resolve: ResolveMap,
  now: number,
  reachable: (domain: string) => boolean = () => true,
): Promise<RobotsRefresh> {
  const domains = (await dueRobotsDomains(db, now, ROBOTS_FETCHES_PER_RUN)).filter(reachable);
  const out: RobotsRefresh = { fetched: 0, newVersions: 0, failed: 0 };
  // A few at a time: each is a different host, and a cron run has a subrequest budget.
  for (let i = 0; i < domains.length; i += 6) {
    await Promise.all(
      domains.slice(i, i + 6).map(async (domain) => {
        const { check, observation } = await fetchRobots(domain, resolve);
        const what = await recordRobotsFetch(db, domain, check, observation, now);
        out.fetched++;
        if (what === "new_version") out.newVersions++;
        if (what === "no_version") out.failed++;
      }),
    );
  }
  return out;
}
