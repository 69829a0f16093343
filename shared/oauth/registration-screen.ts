import { ok, type Result, refusal } from "../result/result";
import { REGISTRATION_BOUNDS } from "./oauth-limits";

// RFC 7591 client metadata fields that hold a URL: each bounded like a redirect URI.
const URL_FIELDS = ["client_uri", "logo_uri", "tos_uri", "policy_uri", "jwks_uri"] as const;

/**
 * Bounds a dynamic registration's metadata before the library stores it (issue 41: 500
 * redirect URIs in a 68 KB record were accepted and kept): the body size was checked by
 * the caller; here the number and length of redirect URIs, the length of the name and of
 * the other URL fields. Anything else about the metadata is the library's to judge.
 * `field` names the fault, so the endpoint can answer RFC 7591 §3.2.2's
 * `invalid_redirect_uri` or `invalid_client_metadata`.
 */
export function screenRegistration(metadata: unknown): Result<void, "invalid_request"> {
  if (!metadata || typeof metadata !== "object" || Array.isArray(metadata)) return ok(undefined);
  const m = metadata as Record<string, unknown>;
  const { maxRedirectUris, maxUriLength, maxNameLength } = REGISTRATION_BOUNDS;
  if (Array.isArray(m.redirect_uris)) {
    if (m.redirect_uris.length > maxRedirectUris) {
      return refusal("invalid_request", `At most ${maxRedirectUris} redirect URIs may be registered.`, {
        field: "redirect_uris",
      });
    }
    if (m.redirect_uris.some((u) => typeof u === "string" && u.length > maxUriLength)) {
      return refusal("invalid_request", `A redirect URI may have at most ${maxUriLength} characters.`, {
        field: "redirect_uris",
      });
    }
  }
  if (typeof m.client_name === "string" && m.client_name.length > maxNameLength) {
    return refusal("invalid_request", `client_name may have at most ${maxNameLength} characters.`, {
      field: "client_name",
    });
  }
  for (const field of URL_FIELDS) {
    const value = m[field];
    if (typeof value === "string" && value.length > maxUriLength) {
      return refusal("invalid_request", `${field} may have at most ${maxUriLength} characters.`, { field });
    }
  }
  return ok(undefined);
}
