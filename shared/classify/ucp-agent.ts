// `UCP-Agent: profile="https://…"` (Universal Commerce Protocol, the HTTP binding): the
// calling platform names the profile it acts under, an RFC 8941 Dictionary with a
// `profile` String. Nothing proves it, so it is a declared identity, like a
// User-Agent token: its https origin is who the caller says it is.

import { parseDictionary } from "../verification/structured-fields";

/** The profile's https origin, or null when the header is absent or not that shape. */
export function ucpAgentOrigin(header: string | null | undefined): string | null {
  if (!header || header.length > 2048) return null;
  try {
    const member = parseDictionary(header).get("profile");
    if (!member || "items" in member || typeof member.value !== "string") return null;
    const url = new URL(member.value);
    if (url.protocol !== "https:" || url.username || url.password) return null;
    return url.origin;
  } catch {
    return null;
  }
}
