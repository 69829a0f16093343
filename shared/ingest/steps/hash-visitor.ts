import { utcDay } from "../../salt/salt-schedule";
import { visitorHash } from "../../salt/visitor-hash";
import type { Draft, Dropped, PipelineDeps } from "../pipeline";

/**
 * The daily visitor hash under the salt of the event's UTC day, plus the hash under
 * the other kept salt so a session crossing midnight continues. Last step to see the
 * client IP: the message built from the draft has no IP field.
 */
export async function hashVisitor(d: Draft, deps: PipelineDeps): Promise<Draft | Dropped> {
  const day = utcDay(d.occurredAt);
  const { current, previous } = deps.salts;
  const own = current.day === day ? current : previous?.day === day ? previous : null;
  if (!own) return { dropped: "stale_timestamp" };
  const other = own === current ? previous : current;
  const args = [d.site.workspaceId, d.site.id, d.clientIp, d.userAgent] as const;
  return {
    ...d,
    visitorHash: await visitorHash(own.salt, ...args),
    altVisitorHash: other ? await visitorHash(other.salt, ...args) : null,
  };
}
