// Local-only switches, each named for the one thing it turns on (docs/architecture.md
// "Local switches"). Every Worker's wrangler.toml declares the ones it reads as "" (off),
// so production never has them; scripts/start.mjs writes them as "1" into the
// gitignored .dev.vars beside each config, and the vitest configs set them as bindings.

export const LOCAL_SWITCHES = {
  /** v1: the /__admin key routes behind `npm run admin`. */
  ADMIN_ROUTES: "v1",
  /** edge and every Worker: `GET /__scheduled?cron=` runs cron jobs by hand (docs/decisions.md#1-running-it). */
  SCHEDULED_ROUTE: "all",
  /** ingest and v1: Web Bot Auth accepts the public RFC 9421 test keys (traffic-facts §4.2). */
  ACCEPT_TEST_SIGNATURE_KEYS: "ingest, v1",
  /** scan and v1: webhook secrets may be sealed with the built-in key when WEBHOOK_SECRET_KEY is unset. */
  BUILT_IN_WEBHOOK_KEY: "scan, v1",
  /** ingest: the IP-range refresh fetches only sources mapped by OUTBOUND_RESOLVE, never the internet. */
  IP_RANGES_MAPPED_ONLY: "ingest",
  /** ingest: the daily robots.txt fetch reaches only domains mapped by OUTBOUND_RESOLVE, never the internet. */
  ROBOTS_MAPPED_ONLY: "ingest",
  /** app: every mail sent is also kept in D1 and listed at /app/__mailbox (docs/app.md "Email"). */
  LOCAL_MAILBOX: "app",
  /**
   * edge: a local run's client is this machine, so a client-sent CF-Connecting-IP is
   * replaced with the loopback address (in a deployment Cloudflare sets it). The e2e
   * harness and benches turn it off to stand in for many networks (docs/security.md L7).
   */
  LOOPBACK_CLIENT_ADDRESS: "edge",
} as const;
export type LocalSwitch = keyof typeof LOCAL_SWITCHES;

/** True when the local switch `name` is "1" in `env` (a Worker's bindings). */
export function localSwitchOn(env: object, name: LocalSwitch): boolean {
  return (env as Record<string, unknown>)[name] === "1";
}
