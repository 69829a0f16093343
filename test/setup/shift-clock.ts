import { inject } from "vitest";

// `TEST_CLOCK_SHIFT_DAYS=30 npx vitest run ...` runs a project as if it were that many
// days later (test/clock-shift.ts). No test may depend on the day it runs; this proves it.
// faketime cannot do it: workerd does not start under libfaketime. The shift replaces the
// isolate's Date, which the Workers and Durable Objects under test share with the tests.
const shiftMs = inject("clockShiftMs");
if (shiftMs !== 0) {
  const RealDate = Date;
  class ShiftedDate extends RealDate {
    constructor(...args: ConstructorParameters<typeof Date> | []) {
      if (args.length === 0) super(RealDate.now() + shiftMs);
      else super(...(args as ConstructorParameters<typeof Date>));
    }
    static override now(): number {
      return RealDate.now() + shiftMs;
    }
  }
  globalThis.Date = ShiftedDate as DateConstructor;
}
