import type { z } from "zod";
import { type AttributionDecision, attributeConversion } from "../attribution/attribute-conversion";
import { normalizeDomain } from "../domains/normalize-domain";
import { DAY_MS, MINUTE_MS } from "../time/durations";
import { ConversionInput } from "./conversion-input";
import { normalizeCurrency } from "./currency";
import type { ItemRejection, ItemRejectionCode } from "./item-rejection";

// docs/decisions.md#7-conversions-and-attribution / contract Limits: `occurred_at` within the last 7 days, not in the
// future, with 5 minutes of clock skew allowed at both ends.
export const OCCURRED_AT_MAX_AGE_MS = 7 * DAY_MS;
export const CLOCK_SKEW_MS = 5 * MINUTE_MS;
export const DEFAULT_EVENT_NAME = "purchase";

/** An item that passed every check not needing the database. */
export interface ValidConversion {
  externalId: string;
  eventName: string;
  occurredAt: number;
  valueMinor: number;
  currency: string;
  /** Normalised `site`, when sent. */
  siteDomain: string | null;
  /** Normalised host of `attribution.landing_url`, when sent and a valid domain. */
  landingDomain: string | null;
  clickIds: Record<string, string> | null;
  utm: { source: string | null; medium: string | null; campaign: string | null };
  landingUrl: string | null;
  clickedAt: number | null;
  attribution: AttributionDecision;
}

export type ItemCheck =
  | { ok: true; conversion: ValidConversion }
  | { ok: false; externalId: string | null; error: ItemRejection };

// Which rejection code a failing field gets; every other field is `invalid_request`.
const FIELD_CODES: Partial<Record<string, ItemRejectionCode>> = {
  occurred_at: "invalid_occurred_at",
  value_minor: "invalid_value_minor",
  currency: "invalid_currency",
};

function rejectionFromZod(error: z.ZodError): ItemRejection {
  const issue = error.issues[0];
  const field = issue.path.map(String).join(".") || "item";
  const code = FIELD_CODES[String(issue.path[0])] ?? "invalid_request";
  return { code, message: `${field}: ${issue.message}` };
}

function externalIdOf(raw: unknown): string | null {
  if (raw === null || typeof raw !== "object") return null;
  const id = (raw as Record<string, unknown>).external_id;
  return typeof id === "string" && id.length > 0 && id.length <= 255 ? id : null;
}

function landingDomainOf(url: string | undefined): string | null {
  if (!url) return null;
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return null;
  }
  const result = normalizeDomain(host);
  return result.ok ? result.domain : null;
}

function finiteOrNull(ms: number | null): number | null {
  return ms !== null && Number.isFinite(ms) ? ms : null;
}

function blankToNull(value: string | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** Checks one posted item against the contract, independent of every other item. */
export function validateConversionItem(raw: unknown, nowMs: number): ItemCheck {
  const externalId = externalIdOf(raw);
  const reject = (code: ItemRejectionCode, message: string): ItemCheck => ({
    ok: false,
    externalId,
    error: { code, message },
  });

  const parsed = ConversionInput.safeParse(raw);
  if (!parsed.success) return { ok: false, externalId, error: rejectionFromZod(parsed.error) };
  const item = parsed.data;

  const occurredAt = Date.parse(item.occurred_at);
  if (!Number.isFinite(occurredAt)) return reject("invalid_occurred_at", "occurred_at: is not a valid date-time");
  if (occurredAt > nowMs + CLOCK_SKEW_MS) return reject("invalid_occurred_at", "occurred_at: is in the future");
  if (occurredAt < nowMs - OCCURRED_AT_MAX_AGE_MS - CLOCK_SKEW_MS) {
    return reject("invalid_occurred_at", "occurred_at: is more than 7 days in the past");
  }

  const currency = normalizeCurrency(item.currency);
  if (!currency) return reject("invalid_currency", `currency: "${item.currency}" is not an ISO 4217 code`);

  let siteDomain: string | null = null;
  if (item.site !== undefined) {
    const site = normalizeDomain(item.site);
    if (!site.ok) return reject("invalid_domain", `site: ${site.message}`);
    siteDomain = site.domain;
  }

  const attribution = item.attribution;
  const clickIds =
    attribution?.click_ids && Object.keys(attribution.click_ids).length > 0 ? attribution.click_ids : null;
  return {
    ok: true,
    conversion: {
      externalId: item.external_id,
      eventName: item.event_name ?? DEFAULT_EVENT_NAME,
      occurredAt,
      valueMinor: item.value_minor,
      currency,
      siteDomain,
      landingDomain: landingDomainOf(attribution?.landing_url),
      clickIds,
      utm: {
        source: blankToNull(attribution?.utm?.source),
        medium: blankToNull(attribution?.utm?.medium),
        campaign: blankToNull(attribution?.utm?.campaign),
      },
      landingUrl: attribution?.landing_url ?? null,
      clickedAt: finiteOrNull(attribution?.clicked_at ? Date.parse(attribution.clicked_at) : null),
      attribution: attributeConversion(attribution),
    },
  };
}
