// The `Signature-Agent` request header (draft-ietf-webbotauth-httpsig-protocol, section
// "Signature-Agent"): a Dictionary whose members are https URI Strings, each with an
// optional `type` Token naming how the URI resolves to keys: `directory` (the default;
// the value must be an origin, served at the well-known directory), `jwks_uri` (a JWK
// Set URL) or `cimd` (a Client ID Metadata Document holding `jwks` or `jwks_uri`). The
// earlier bare-String form is still sent (ChatGPT agent, 2025); the draft lets a
// verifier read it as one member keyed by the signature's label.
//
// Readings in use that we accept alike (docs/ingest.md, "Who counts as verified"): the
// WG editor's copy fetches the member URL itself as a JWK Set, with no parameter;
// UCP signers send `type=jwks_uri`; Cloudflare's library resolves an untyped (or
// `type=directory`) origin at the well-known path and reads `type=cimd` as a card. So
// an untyped or `directory` member that is a bare origin (or the well-known URL
// itself) is a directory, and one with any other path is a JWK Set URL.

import { type Member, parseDictionary, parseItem, SfError } from "./structured-fields";

export const KEY_SOURCE_TYPES = ["directory", "jwks_uri", "cimd"] as const;

/**
 * The two forms of the header in use (issue 45): the working group's Dictionary
 * (draft-ietf-webbotauth-httpsig-protocol-01, 2026-10-29: members keyed by the signature's
 * label, covered with `key`), and the bare String Cloudflare's production still sends
 * (`Signature-Agent: "https://signature-agent.cloudflare.com"`). Both are verified; which
 * one an agent used is recorded with its requests.
 */
export const SIGNATURE_AGENT_FORMS = ["dictionary", "string"] as const;
export type SignatureAgentForm = (typeof SIGNATURE_AGENT_FORMS)[number];

/** Which form a Signature-Agent header value takes. */
export function signatureAgentForm(header: string): SignatureAgentForm {
  return header.trim().startsWith('"') ? "string" : "dictionary";
}
export type KeySourceType = (typeof KEY_SOURCE_TYPES)[number];

export interface SignatureAgentEntry {
  label: string;
  uri: string;
  /** As sent; a verifier ignores members whose type it does not support. */
  type: string;
}

/** Where to find the key material for one signature, after the draft's checks. */
export interface KeySource {
  type: KeySourceType;
  /** `directory`: the origin; `jwks_uri` and `cimd`: the URL as sent, without fragment. */
  url: string;
}

function entryOf(label: string, member: Member): SignatureAgentEntry {
  if ("items" in member || typeof member.value !== "string")
    throw new SfError(`Signature-Agent ${label} is not a String`);
  const type = member.params.get("type");
  if (type !== undefined && (typeof type !== "object" || !("token" in type))) {
    throw new SfError(`Signature-Agent ${label} type is not a Token`);
  }
  return { label, uri: member.value, type: type?.token ?? "directory" };
}

/**
 * Parses a Signature-Agent header: the Dictionary form, or the legacy bare String as a
 * single member under `legacyLabel`. Throws SfError when it is neither.
 */
export function parseSignatureAgent(header: string, legacyLabel = ""): SignatureAgentEntry[] {
  if (header.trim().startsWith('"')) return [entryOf(legacyLabel, parseItem(header))];
  return [...parseDictionary(header)].map(([label, member]) => entryOf(label, member));
}

/** Where a `directory` member's keys are served (draft, "Key Distribution and Discovery"). */
export const DIRECTORY_PATH = "/.well-known/http-message-signatures-directory";

/**
 * The key source a Signature-Agent entry names, or null when it is to be ignored: an
 * unsupported `type`, a non-https URI, credentials in the URI, or a `directory` value
 * with a query or fragment.
 */
export function keySourceOf(entry: SignatureAgentEntry): KeySource | null {
  if (!(KEY_SOURCE_TYPES as readonly string[]).includes(entry.type)) return null;
  let url: URL;
  try {
    url = new URL(entry.uri);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" || url.username || url.password) return null;
  const type = entry.type as KeySourceType;
  if (type === "directory") {
    if (url.search || url.hash) return null;
    if (url.pathname === "/" || url.pathname === "" || url.pathname === DIRECTORY_PATH)
      return { type, url: url.origin };
    // The WG editor's copy: the member URL is the JWK Set itself.
    return { type: "jwks_uri", url: url.href };
  }
  url.hash = "";
  return { type, url: url.href };
}
