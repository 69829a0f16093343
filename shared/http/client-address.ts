import { parseIp, truncateIp } from "../ip/cidr";

/**
 * The subject a per-address limit counts (docs/decisions.md#1-running-it: the client
 * address is CF-Connecting-IP): an IPv4 address as is, an IPv6 address by its /64 (one
 * subscriber usually holds a whole /64, so per-address limits on IPv6 would be trivial to
 * step around). Requests without a parsable address share one subject, "unknown".
 */
export function addressSubject(ip: string | null | undefined): string {
  const parsed = parseIp(ip ?? "");
  if (!parsed) return "unknown";
  return parsed.version === 6 ? (truncateIp(ip ?? "") ?? "unknown") : (ip ?? "unknown");
}
