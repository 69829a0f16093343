import { normalizeRegistrableDomain } from "@shared/domains/normalize-domain";
import { ApiError } from "@shared/errors/api-error";

/**
 * The normalised host a site or monitor is registered under, or ApiError 400
 * `invalid_domain` / `public_suffix`: the refusal of the shared rule, made an HTTP
 * error here at the Worker's edge.
 */
export function registrableDomainOrThrow(input: string): string {
  const result = normalizeRegistrableDomain(input);
  if (result.ok) return result.domain;
  throw new ApiError(result.code, result.message);
}
