import { ApiError } from "../errors/api-error";
import { type DomainResult, normalizeDomain, normalizeRegistrableDomain } from "./normalize-domain";

function unwrap(result: DomainResult): string {
  if (result.ok) return result.domain;
  throw new ApiError(result.code, result.message);
}

/** The normalised host, or ApiError 400 `invalid_domain`. */
export function domainOrThrow(input: string): string {
  return unwrap(normalizeDomain(input));
}

/** The normalised host for registration, or ApiError 400 `invalid_domain` / `public_suffix`. */
export function registrableDomainOrThrow(input: string): string {
  return unwrap(normalizeRegistrableDomain(input));
}
