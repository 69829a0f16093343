import { truncateIp } from "../../classify/cidr";
import type { SaltSet } from "../../salt/salt-schedule";
import { utcDay } from "../../salt/salt-schedule";
import { signVisitor, visitorFields } from "../../salt/visitor-hash";
import type { Draft, Dropped, PipelineDeps } from "../pipeline";

export interface VisitorHashes {
  visitorHash: string;
  altVisitorHash: string | null;
}

/**
 * The daily visitor hash under the salt of the event's UTC day, plus the hash under
 * the other kept salt so a session crossing midnight continues. Null when the day's
 * salt is gone (older than 48 h).
 */
export async function hashesFor(
  salts: SaltSet,
  occurredAt: number,
  workspaceId: string,
  siteId: string,
  network: string,
  userAgent: string | null,
): Promise<VisitorHashes | null> {
  const day = utcDay(occurredAt);
  const { current, previous } = salts;
  const own = current.day === day ? current : previous?.day === day ? previous : null;
  if (!own) return null;
  const other = own === current ? previous : current;
  const fields = visitorFields(workspaceId, siteId, network, userAgent);
  const [visitorHash, altVisitorHash] = await Promise.all([
    signVisitor(own.salt, fields),
    other ? signVisitor(other.salt, fields) : null,
  ]);
  return { visitorHash, altVisitorHash };
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
  const hashes = await hashesFor(deps.salts, d.occurredAt, d.site.workspaceId, d.site.id, network, d.userAgent);
  if (!hashes) return { dropped: "stale_timestamp" };
  return { ...rest, clientIp: null, ...hashes };
}
