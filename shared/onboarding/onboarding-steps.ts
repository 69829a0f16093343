import { apiKeys, monitors, sites } from "@schema";
import { and, count, eq, isNotNull, isNull } from "drizzle-orm";
import type { Database } from "../db/client";

// The order a new workspace is set up in (issue 29, "Onboarding"): add the shop, let its
// first request arrive (snippet or log drain), create a key for server-side conversions,
// then a monitor for the scan score. Each step is done when the workspace's own rows
// say so, never when a page was merely visited.

export const ONBOARDING_STEPS = ["site_added", "first_event", "first_key", "first_monitor"] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

/** What the workspace holds, counted once per table. */
export interface OnboardingFacts {
  sites: number;
  /** Sites whose install has recorded at least one event (`sites.last_event_at`). */
  sitesWithEvents: number;
  /** Keys not revoked. */
  liveKeys: number;
  monitors: number;
}

const DONE_WHEN: Record<OnboardingStep, (f: OnboardingFacts) => boolean> = {
  site_added: (f) => f.sites > 0,
  first_event: (f) => f.sitesWithEvents > 0,
  first_key: (f) => f.liveKeys > 0,
  first_monitor: (f) => f.monitors > 0,
};

export interface StepState {
  step: OnboardingStep;
  done: boolean;
}

/** Every step in order with whether it is done; the checklist is finished when all are. */
export function onboardingSteps(facts: OnboardingFacts): StepState[] {
  return ONBOARDING_STEPS.map((step) => ({ step, done: DONE_WHEN[step](facts) }));
}

/** The facts of one workspace, in one D1 round trip (four counts over indexed columns). */
export async function onboardingFacts(db: Database, workspaceId: string): Promise<OnboardingFacts> {
  const [s, e, k, m] = await db.batch([
    db.select({ n: count() }).from(sites).where(eq(sites.workspaceId, workspaceId)),
    db
      .select({ n: count() })
      .from(sites)
      .where(and(eq(sites.workspaceId, workspaceId), isNotNull(sites.lastEventAt))),
    db
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.workspaceId, workspaceId), isNull(apiKeys.revokedAt))),
    db.select({ n: count() }).from(monitors).where(eq(monitors.workspaceId, workspaceId)),
  ]);
  return { sites: s[0]?.n ?? 0, sitesWithEvents: e[0]?.n ?? 0, liveKeys: k[0]?.n ?? 0, monitors: m[0]?.n ?? 0 };
}
