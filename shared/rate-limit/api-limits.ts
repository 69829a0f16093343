import type { WindowSpec } from "./window";

// Per-key limit classes of the v1 API (contract "Limits", docs/decisions.md#3-rate-limits and docs/decisions.md#11-server-side-events). Each
// class is its own budget per key: a key's reads do not use up its registrations.
// Window names carry the class because one RateWindow instance serves a key.
const MINUTE = 60;
const DAY = 86_400;

function windows(name: string, perMinute: number, perDay: number): WindowSpec[] {
  return [
    { name: `${name}.minute`, limit: perMinute, periodSeconds: MINUTE },
    { name: `${name}.day`, limit: perDay, periodSeconds: DAY },
  ];
}

export const apiLimitClasses = {
  /** Sites list, check-install, traffic reports, attribution, conversions list, whoami. */
  reads: windows("reads", 120, 20_000),
  /** Site registration (and the coverage update, which writes the same resource). */
  site_writes: windows("site_writes", 120, 5_000),
  /** Conversion write and void. */
  conversion_writes: windows("conversion_writes", 120, 20_000),
  /** Server-side events, POST /api/v1/events. */
  events: windows("events", 600, 1_000_000),
  /**
   * The policy document collectors poll (docs/policy.md): each collector process asks
   * once a minute, so a shop with a few dozen processes or Worker isolates stays inside it.
   */
  policy_documents: windows("policy_documents", 600, 200_000),
  /** Monitor create and delete (project choice; the spec gives none): like site registration. */
  monitor_writes: windows("monitor_writes", 120, 5_000),
} as const satisfies Record<string, WindowSpec[]>;

export type ApiLimitClass = keyof typeof apiLimitClasses;
