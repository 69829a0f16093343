import { ROBOTS_MAX_BYTES } from "./parse-robots";

/**
 * What one robots.txt fetch says about a domain, as a version to keep (RFC 9309 §2.3.1):
 * a file served (2xx, not an HTML page) is `rules`; a 4xx, or a 2xx HTML page (a shop's
 * "not found" page served with 200), allows everything and is `none`, as the scanner
 * reads them (shared/scan/crawl/crawl-site.ts `gateFrom`). A 5xx or no answer is no
 * version: the RFC has a crawler assume "disallow all" then, but a passing outage must
 * not brand every request of the day a violation, so the previous version stays in force.
 */
export interface RobotsObservation {
  kind: "rules" | "none";
  status: number;
  body: string;
}

export interface RobotsAnswer {
  status: number;
  contentType: string;
  body: string;
}

/** The bytes of a version kept: what the parser reads (RFC 9309 §2.5, "at least 500 kibibytes"). */
export const MAX_VERSION_BYTES = ROBOTS_MAX_BYTES;

/** `text` cut to at most `max` UTF-8 bytes, never inside a character. */
export function cutToBytes(text: string, max: number): string {
  const bytes = new TextEncoder().encode(text);
  if (bytes.byteLength <= max) return text;
  // fatal: false drops a character cut in half rather than failing.
  return new TextDecoder("utf-8", { fatal: false, ignoreBOM: true }).decode(bytes.slice(0, max)).replace(/\uFFFD$/, "");
}

export function observationOf(answer: RobotsAnswer): RobotsObservation | null {
  const { status } = answer;
  if (status >= 200 && status < 300 && !answer.contentType.toLowerCase().includes("html"))
    return { kind: "rules", status, body: cutToBytes(answer.body, MAX_VERSION_BYTES) };
  if (status >= 200 && status < 500) return { kind: "none", status, body: "" };
  return null;
}

/** A version's identity: SHA-256 (hex) of its kind and body (the status alone changes nothing a crawler reads). */
export async function versionHash(o: Pick<RobotsObservation, "kind" | "body">): Promise<string> {
  const digest = new Uint8Array(
    await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${o.kind}\n${o.body}`)),
  );
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}
