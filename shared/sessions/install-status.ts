/** docs/decisions.md#6-install-check install-check states. */
export const INSTALL_STATUSES = ["receiving", "stale", "rejected", "awaiting_first_event"] as const;
export type InstallStatus = (typeof INSTALL_STATUSES)[number];

/** Contract: heartbeat freshness is 86400 seconds. */
export const HEARTBEAT_FRESHNESS_S = 86_400;

export interface InstallSignals {
  lastAcceptAt: number | null;
  lastRejectAt: number | null;
}

/**
 * `rejected` when the newest attempt with the site's token was refused; otherwise
 * `awaiting_first_event` until a matching-Origin request is accepted, `receiving` when
 * one was accepted in the last 24 h, `stale` after that.
 */
export function installStatus(s: InstallSignals, nowMs: number): InstallStatus {
  if (s.lastRejectAt !== null && (s.lastAcceptAt === null || s.lastRejectAt > s.lastAcceptAt)) return "rejected";
  if (s.lastAcceptAt === null) return "awaiting_first_event";
  return nowMs - s.lastAcceptAt <= HEARTBEAT_FRESHNESS_S * 1000 ? "receiving" : "stale";
}

const NEXT_ACTION: Record<InstallStatus, string> = {
  awaiting_first_event:
    "Add the snippet to every page of the registered domain (https://DOMAIN or https://www.DOMAIN), load a page, then check again.",
  receiving: "Nothing to do: the snippet's requests are reaching ingest.",
  rejected:
    "Requests with this site's token came from an Origin other than the registered domain. Serve the snippet from https://DOMAIN or https://www.DOMAIN, or register the domain it runs on.",
  stale: "No accepted request in the last 24 hours: check that the snippet is still on the site's pages.",
};

export function nextAction(status: InstallStatus, domain: string): string {
  return NEXT_ACTION[status].replaceAll("DOMAIN", domain);
}
