import { BEACON_LIMITS } from "../ingest/beacon-limits";

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

const network = BEACON_LIMITS.network[0].limit.toLocaleString("en-US");
const site = BEACON_LIMITS.site[0].limit.toLocaleString("en-US");
/** A refusal that says nothing about the installation gets its own guidance. */
const NEXT_ACTION_REJECTED: Record<string, string> = {
  rate_limited: `The snippet is installed; the newest requests were refused for passing the beacon limits (${network} a minute from one client network, ${site} a minute for the site). If that was a test or load run, nothing to do: the window ends within a minute. If it is real traffic, it came in faster than a shop's visitors send: look for a script sending beacons with this site's token.`,
  missing_origin:
    "Requests with this site's token arrived without an Origin header (a server-side client, not a browser). Browsers send it; server-side traffic belongs in POST /api/v1/events with an API key.",
};

export function nextAction(status: InstallStatus, domain: string, rejectReason: string | null = null): string {
  const text = (status === "rejected" && rejectReason && NEXT_ACTION_REJECTED[rejectReason]) || NEXT_ACTION[status];
  return text.replaceAll("DOMAIN", domain);
}
