import { z } from "zod";
import { PAGE_AUTOMATION_MASK, type PageAutomation, readPageAutomation } from "../classify/page-automation";
import { DAY_MS } from "../time/durations";
import { BEACON_KINDS } from "../vocabulary/event-kinds";

/** Largest beacon body accepted, in bytes; the snippet sends a few hundred. */
export const MAX_BEACON_BYTES = 4096;

/**
 * The beacon protocol (docs/ingest.md): short keys keep the snippet small.
 * s = public token, k = kind, u = page URL, r = referrer, d = time on page (ms, on
 * leave), t = interaction target (a purchase's order id; an agent-submitted form's or a
 * WebMCP tool's name), f = what an agent-submitted form was (`cart`, `checkout`, `form`),
 * v / c = a purchase's value in the currency's major unit and its ISO 4217 currency
 * (`agentReadiness.purchase`), a = what the page saw of automation (bits of
 * PAGE_AUTOMATION_HINTS; any other bit, 0, a fraction or a string is refused), w / h =
 * navigator.webdriver / headless as builds before `a` sent them (a cached
 * /sdk/v1/agent.js lives 5 minutes; a page may pin an older build by its integrity).
 */
export const beaconPayload = z.strictObject({
  s: z.string().min(1).max(64),
  k: z.enum(BEACON_KINDS),
  u: z.string().min(1).max(2048),
  r: z.string().max(2048).optional(),
  d: z.number().int().min(0).max(DAY_MS).optional(),
  t: z.string().max(200).optional(),
  f: z.enum(["cart", "checkout", "form"]).optional(),
  // A value the page could not give (`+undefined` is NaN, sent as null) is no value.
  v: z.number().min(-1e12).max(1e12).nullable().optional(),
  c: z.string().max(16).optional(),
  a: z
    .number()
    .int()
    .min(1)
    .max(PAGE_AUTOMATION_MASK)
    .refine((bits) => (bits & ~PAGE_AUTOMATION_MASK) === 0, "unknown automation bit")
    .optional(),
  w: z.literal(1).optional(),
  h: z.literal(1).optional(),
});

export type BeaconPayload = z.infer<typeof beaconPayload>;

/** What the page saw of automation: the `a` bits, plus the `w`/`h` keys of earlier builds. */
export function pageAutomationOf(beacon: BeaconPayload): PageAutomation {
  const seen = readPageAutomation(beacon.a);
  if (beacon.w === 1) seen.webdriver = true;
  if (beacon.h === 1) seen.headless = true;
  return seen;
}
