import { truncateIp, visitorBoundNetwork } from "../../ip/cidr";
import { pastSaltSet } from "../../salt/past-day-salts";
import type { SaltSet } from "../../salt/salt-schedule";
import { utcDay } from "../../salt/salt-schedule";
import { signVisitor, visitorFields } from "../../salt/visitor-hash";
import type { Draft, Dropped, PipelineDeps } from "../pipeline-types";
import { isPastLine } from "./check-time";

/**
 * The User-Agent field of a network's overflow visitor: every visitor of a network past
 * its daily bound (shared/ingest/beacon-limits.ts) hashes as this one. A header value
 * cannot hold NUL, so no real User-Agent hashes the same.
 */
export const OVERFLOW_VISITOR = "\u0000overflow";

export interface VisitorHashes {
  visitorHash: string;
  altVisitorHash: string | null;
}

/**
 * The daily visitor hash under the salt of the event's UTC day, plus the hash under
 * the other kept salt so a session crossing midnight continues. Null when the day's
 * salt is gone (older than 48 h).
 */
export function hashesFor(
  salts: SaltSet,
  occurredAt: number,
  workspaceId: string,
  siteId: string,
  network: string,
  userAgent: string | null,
): VisitorHashes | null {
  const day = utcDay(occurredAt);
  const { current, previous } = salts;
  const own = current.day === day ? current : previous?.day === day ? previous : null;
  if (!own) return null;
  const other = own === current ? previous : current;
  const fields = visitorFields(workspaceId, siteId, network, userAgent);
  return { visitorHash: signVisitor(own.salt, fields), altVisitorHash: other ? signVisitor(other.salt, fields) : null };
}

/** Whether the live salts hold `day`'s salt. */
function holdsDay(salts: SaltSet, day: string): boolean {
  return salts.current.day === day || salts.previous?.day === day;
}

/**
 * Whether a line must be hashed under its past day's salt rather than a live one: its
 * day's live salt is gone (or goes within the hour), or the live salts do not hold its day.
 */
export function needsPastSalt(live: SaltSet, d: Pick<Draft, "occurredAt" | "receivedAt">): boolean {
  return isPastLine(d) || !holdsDay(live, utcDay(d.occurredAt));
}

/**
 * Last step to see the client IP: it becomes the /24 or /64 network here, and the
 * message built from the draft has no IP field. Without salts (v1 Worker) the network
 * travels as `pendingHash` and the queue consumer hashes it.
 */
export async function hashVisitor(d: Draft, deps: PipelineDeps): Promise<Draft | Dropped> {
  const network = (d.clientIp && truncateIp(d.clientIp)) || "";
  const { clientIp: _dropIp, ...rest } = d;
  if (!deps.salts)
    return {
      ...rest,
      clientIp: null,
      visitorHash: "",
      altVisitorHash: null,
      pendingHash: { network, userAgent: d.userAgent },
    };
  // A line of a past day (a log import) is hashed under that day's own salt, never a live
  // one: older than the live salts, or of a day whose live salt this service never held.
  const salts = needsPastSalt(deps.salts, d) ? pastSaltSet(deps.salts.past ?? [], utcDay(d.occurredAt)) : deps.salts;
  if (!salts) return { dropped: "stale_timestamp" };
  let hashes = hashesFor(salts, d.occurredAt, d.site.workspaceId, d.site.id, network, d.userAgent);
  if (!hashes) return { dropped: "stale_timestamp" };
  // The bound counts per /24 or /48 (cidr.ts `visitorBoundNetwork`), so rotating the /64s
  // of one /48 adds no visitors past it; its overflow visitor is the /48's, one for all.
  const bounded = (d.clientIp && visitorBoundNetwork(d.clientIp)) || "";
  if (deps.visitorBound && !(await deps.visitorBound(d.site.id, bounded, hashes.visitorHash, d.receivedAt))) {
    hashes = hashesFor(salts, d.occurredAt, d.site.workspaceId, d.site.id, bounded, OVERFLOW_VISITOR);
    if (!hashes) return { dropped: "stale_timestamp" };
  }
  return { ...rest, clientIp: null, ...hashes };
}
