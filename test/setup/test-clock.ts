import { afterEach, inject } from "vitest";
import { releaseClock, setClockShift } from "../helpers/clock";

// First setup file of every workerd project (test/helpers/clock.ts): the project's shift
// (`TEST_CLOCK_SHIFT_DAYS=30 npx vitest run ...` runs it as if 30 days later, test/
// clock-shift.ts), and a clock a test froze runs again when the test ends.
setClockShift(inject("clockShiftMs"));
afterEach(() => releaseClock());
