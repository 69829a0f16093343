import type { WindowSpec } from "./window";

// Scan limits (contract "Limits", docs/decisions.md#3-rate-limits): fixed windows per
// client IP and per normalised domain, kept in the scan Worker's RateWindow Durable
// Objects. Declared here, not in the scan Worker, because the v1 MCP tools and the
// discovery documents state them too.
export const PER_IP: WindowSpec[] = [{ name: "scan-hour", limit: 10, periodSeconds: 3600 }];
export const PER_DOMAIN: WindowSpec[] = [{ name: "scan-hour", limit: 5, periodSeconds: 3600 }];

/** "10 scans per hour per client address, 5 per hour per domain", read from the windows. */
export function scanLimitsSentence(): string {
  const [ip, domain] = [PER_IP[0], PER_DOMAIN[0]];
  if (ip.periodSeconds !== 3600 || domain.periodSeconds !== 3600) {
    throw new Error("scanLimitsSentence states hourly windows; say the new period in words");
  }
  return `${ip.limit} scans per hour per client address, ${domain.limit} per hour per domain`;
}
