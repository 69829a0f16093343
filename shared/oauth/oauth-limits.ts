import { addressSubject } from "../http/client-address";
import type { LimitedSubject } from "../rate-limit/hit-subjects";
import { subjectName } from "../rate-limit/subject-name";
import type { WindowSpec } from "../rate-limit/window";

// Bounds on what anyone may make this service store or fetch without signing in (issue 41):
// dynamic client registrations (RFC 7591, kept in OAUTH_KV) and client metadata documents
// fetched from a URL a client chooses (CIMD). MCP clients register once per install and
// name one to a few redirect URIs (VS Code lists five, loopback ports included), with a
// name of a few words; nothing legitimate comes near these numbers.

const HOUR = 60 * 60;
const TEN_MINUTES = 10 * 60;

export const REGISTRATION_BOUNDS = {
  /** Bytes of the registration request body (the library's own bound is 1 MiB). */
  maxBodyBytes: 8 * 1024,
  maxRedirectUris: 10,
  /** Characters of each redirect URI and of each other URL field (client_uri, logo_uri, ...). */
  maxUriLength: 1_000,
  /** Characters of client_name. */
  maxNameLength: 100,
} as const;

/** Registrations per client address, and by everyone together (a spread-out flood). */
export const registrationLimits = {
  address: [{ name: "oauth_registrations", limit: 20, periodSeconds: HOUR }],
  service: [{ name: "oauth_registrations", limit: 1_000, periodSeconds: HOUR }],
} as const satisfies Record<string, WindowSpec[]>;

/**
 * Metadata documents fetched (a cached document costs nothing): per client address that
 * makes the service fetch, and per host fetched, so neither one caller nor many callers
 * together can turn the service into a request source against one host.
 */
export const metadataFetchLimits = {
  address: [{ name: "client_metadata", limit: 30, periodSeconds: TEN_MINUTES }],
  host: [{ name: "client_metadata", limit: 60, periodSeconds: TEN_MINUTES }],
} as const satisfies Record<string, WindowSpec[]>;

/** A metadata document (5 KiB in the library) or a client's JWKS (64 KiB): bytes kept, then cut. */
export const METADATA_FETCH_MAX_BYTES = 64 * 1024 + 1;
/** The library allows 10 s; a document on a working host answers in well under 3. */
export const METADATA_FETCH_TIMEOUT_MS = 3_000;

export async function registrationSubjects(clientIp: string | null): Promise<LimitedSubject[]> {
  return [
    {
      name: await subjectName("oauth-registration-address", addressSubject(clientIp)),
      specs: [...registrationLimits.address],
    },
    { name: await subjectName("oauth-registration", "service"), specs: [...registrationLimits.service] },
  ];
}

export async function metadataFetchSubjects(clientIp: string | null, host: string): Promise<LimitedSubject[]> {
  return [
    {
      name: await subjectName("client-metadata-address", addressSubject(clientIp)),
      specs: [...metadataFetchLimits.address],
    },
    { name: await subjectName("client-metadata-host", host.toLowerCase()), specs: [...metadataFetchLimits.host] },
  ];
}
