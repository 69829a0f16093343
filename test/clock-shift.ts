import path from "node:path";

const DAY_MS = 86_400_000;

declare module "vitest" {
  export interface ProvidedContext {
    /** How far ahead of the real clock the tests' Date runs (TEST_CLOCK_SHIFT_DAYS); 0 normally. */
    clockShiftMs: number;
  }
}

/** The shift asked for by TEST_CLOCK_SHIFT_DAYS (a number of days, may be fractional). */
export const clockShiftMs = Math.round(Number(process.env.TEST_CLOCK_SHIFT_DAYS ?? 0) * DAY_MS) || 0;

/** The setup file that applies it and lets a frozen clock go after each test, first in every workerd project. */
export const testClockSetup = path.resolve(import.meta.dirname, "setup/test-clock.ts");
