import { z } from "zod";
import { DAY_MS } from "../time/durations";
import { BEACON_KINDS } from "./event-kinds";

/** Largest beacon body accepted, in bytes; the snippet sends a few hundred. */
export const MAX_BEACON_BYTES = 4096;

/**
 * The beacon protocol (docs/ingest.md): short keys keep the snippet small.
 * s = public token, k = kind, u = page URL, r = referrer, d = time on page (ms, on
 * leave), t = interaction target, w = navigator.webdriver, h = headless hint.
 */
export const beaconPayload = z.strictObject({
  s: z.string().min(1).max(64),
  k: z.enum(BEACON_KINDS),
  u: z.string().min(1).max(2048),
  r: z.string().max(2048).optional(),
  d: z.number().int().min(0).max(DAY_MS).optional(),
  t: z.string().max(200).optional(),
  w: z.literal(1).optional(),
  h: z.literal(1).optional(),
});

export type BeaconPayload = z.infer<typeof beaconPayload>;
