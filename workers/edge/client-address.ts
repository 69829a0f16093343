import { localSwitchOn } from "@shared/config/local-switches";

/** The header every Worker reads the client address from (docs/decisions.md#1-running-it). */
const CLIENT_ADDRESS = "CF-Connecting-IP";
const LOOPBACK = "127.0.0.1";

/**
 * Where the client address comes from, before the edge forwards a request. In a
 * deployment Cloudflare sets CF-Connecting-IP to the connecting address, whatever the
 * client sent, so it stands. A local run (wrangler dev) keeps a header the client sent
 * and fills it from the socket only when absent, so any local program could choose its
 * address: step around the sign-in throttle and the per-address limits, or send beacons
 * "from" an AI operator's published range (issue 41, lower findings). Its client is
 * this machine, so under the LOOPBACK_CLIENT_ADDRESS switch the address is the loopback.
 */
export function setClientAddress(headers: Headers, env: object): void {
  if (localSwitchOn(env, "LOOPBACK_CLIENT_ADDRESS")) headers.set(CLIENT_ADDRESS, LOOPBACK);
}
