// The clock as a test input, for every workerd project. The Workers and Durable Objects
// under test run in the tests' isolate and read time as production does (Date.now(),
// new Date()), so the one place a test sets time is that isolate's Date: production code
// is untouched and needs no clock parameter. Two inputs:
// - the shift (TEST_CLOCK_SHIFT_DAYS, test/clock-shift.ts): the whole project runs that
//   many days later, which proves no test depends on the day it runs;
// - freezeClock(): time stands at one instant until the test moves it, so a test of
//   fixed windows (rate limits, beacon limits) chooses where in a window it runs instead
//   of sleeping on the real clock to stay away from a window's edge. The setup
//   (test/setup/test-clock.ts) lets it go after every test.
// faketime cannot do this: workerd does not start under libfaketime.

interface ClockState {
  realDate: DateConstructor;
  shiftMs: number;
  frozenAtMs: number | null;
}

// Kept on the isolate's global object, so the setup file and the tests share one clock
// even if each gets its own instance of this module.
const KEY = Symbol.for("agent-readiness.test-clock");
const slot = globalThis as Record<symbol, ClockState | undefined>;
const state: ClockState = slot[KEY] ?? { realDate: Date, shiftMs: 0, frozenAtMs: null };
slot[KEY] = state;

function testNow(): number {
  return state.frozenAtMs ?? state.realDate.now() + state.shiftMs;
}

// A Date whose "now" is the test clock's; every other behaviour is the real Date's.
const RealDate = state.realDate;
class TestDate extends RealDate {
  constructor(...args: ConstructorParameters<typeof Date> | []) {
    if (args.length === 0) super(testNow());
    else super(...(args as ConstructorParameters<typeof Date>));
  }
  static override now(): number {
    return testNow();
  }
}

/** The real Date while the clock is neither shifted nor frozen, the test clock's otherwise. */
function install(): void {
  globalThis.Date = state.shiftMs === 0 && state.frozenAtMs === null ? RealDate : (TestDate as DateConstructor);
}

/** The project's shift (test/setup/test-clock.ts, from TEST_CLOCK_SHIFT_DAYS). */
export function setClockShift(shiftMs: number): void {
  state.shiftMs = shiftMs;
  install();
}

/**
 * Stops the clock at `atMs` (default: now) for the Worker, its Durable Objects and the
 * test alike, until advanceClock() moves it or the test ends. Returns the instant.
 */
export function freezeClock(atMs: number = testNow()): number {
  state.frozenAtMs = atMs;
  install();
  return atMs;
}

/** Moves a frozen clock on by `ms`; returns the new instant. */
export function advanceClock(ms: number): number {
  if (state.frozenAtMs === null) throw new Error("advanceClock: the clock is not frozen (freezeClock first)");
  return freezeClock(state.frozenAtMs + ms);
}

/** Lets the clock run again (after every test, test/setup/test-clock.ts). */
export function releaseClock(): void {
  state.frozenAtMs = null;
  install();
}

/** The start (epoch ms) of the fixed window of `periodMs` that holds `atMs` (windows align to the epoch). */
export function windowStart(atMs: number, periodMs: number): number {
  return Math.floor(atMs / periodMs) * periodMs;
}
