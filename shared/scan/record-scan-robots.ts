import type { Database } from "../db/client";
import { log } from "../http/log";
import { isRegisteredDomain, recordRobotsFetch } from "../robots/robots-history";
import { observationOf } from "../robots/robots-version";
import type { Fetched } from "./types";

/**
 * A scan's robots.txt fetch, added to the domain's history when the domain is a
 * registered site (anyone may scan any domain; only sites get a history). The scan's
 * fetch went through the outbound guard already. A failure here is logged, never fails
 * the scan.
 */
export async function recordScanRobots(db: Database, domain: string, robots: Fetched, now: number): Promise<void> {
  try {
    if (!(await isRegisteredDomain(db, domain))) return;
    // A robots.txt the scanner cut short (over its 2 MB) is still its first 500 KiB, what a parser reads.
    const observation =
      robots.status === 0 || robots.challenge
        ? null
        : observationOf({ status: robots.status, contentType: robots.contentType, body: robots.body });
    await recordRobotsFetch(
      db,
      domain,
      { status: robots.status, error: observation ? null : (robots.error ?? `HTTP ${robots.status}`) },
      observation,
      now,
    );
  } catch (err) {
    log("warn", "robots.txt history not recorded", {
      domain,
      error: err instanceof Error ? err.message : String(err),
    });
  }
}
