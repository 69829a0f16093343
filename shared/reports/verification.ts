import { TIERS, type Tier } from "../classify/identity-vocabulary";
import { PLATFORM, TIER } from "./dimensions";
import { failedVerification } from "./failed-verification";
import { totalOf } from "./grouped-sessions";
import { reportContext } from "./report-context";
import type { ReportParams } from "./report-params";
import type { VerificationBreakdown } from "./report-schemas";
import { bySessionsDesc } from "./share";
import { signerSessions } from "./signers";

export type PlatformTiers = VerificationBreakdown["by_platform"][number];

/**
 * A platform's `tier`: the tier most of its sessions had; a tie goes to the stronger
 * tier. (Not the best tier ever seen: one signed request must not vouch for a
 * platform whose other sessions only claimed a User-Agent.)
 */
export function platformTier(p: Pick<PlatformTiers, Tier>): Tier {
  let best: Tier = "verified";
  for (const t of TIERS) if (p[t] > p[best]) best = t;
  return best;
}

/** Verification tiers of AI-agent sessions started in the window. */
export async function verificationBreakdown(db: D1Database, params: ReportParams): Promise<VerificationBreakdown> {
  const { header, where, grouped } = await reportContext(db, params);
  const [rows, signers, failed] = await Promise.all([
    grouped("agents", "traffic_daily", [PLATFORM, TIER]),
    signerSessions(db, params.site.id, params.window, where),
    failedVerification(db, params.site.id, params.window, where),
  ]);
  const byPlatform = new Map<string, PlatformTiers>();
  const totals: Record<Tier, number> = { verified: 0, declared: 0, heuristic: 0 };
  for (const { keys, sessions } of rows) {
    const tier: Tier = (TIERS as readonly string[]).includes(keys[1]) ? (keys[1] as Tier) : "heuristic";
    const entry = byPlatform.get(keys[0]) ?? {
      platform: keys[0],
      sessions: 0,
      verified: 0,
      declared: 0,
      heuristic: 0,
      failed_verification: failed.byPlatform.get(keys[0]) ?? 0,
      tier: "verified" as Tier,
    };
    entry.sessions += sessions;
    entry[tier] += sessions;
    totals[tier] += sessions;
    byPlatform.set(keys[0], entry);
  }
  return {
    ...header,
    total_sessions: totalOf(rows),
    verified_sessions: totals.verified,
    declared_sessions: totals.declared,
    heuristic_sessions: totals.heuristic,
    failed_verification_sessions: failed.total,
    by_platform: [...byPlatform.values()]
      .map((p) => ({ ...p, tier: platformTier(p) }))
      .sort(bySessionsDesc((x) => x.platform)),
    ...signers,
  };
}
