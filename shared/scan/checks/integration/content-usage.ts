import type { Fetched } from "../../types";

// AI usage preferences attached in HTTP (IETF aipref, draft-ietf-aipref-attach): a
// `Content-Usage` response header whose value is a structured-field dictionary of
// vocabulary categories (draft-ietf-aipref-vocab, e.g. `train-ai`, `search`) set to `y`
// or `n`; the same vocabulary in a robots.txt `Content-Usage` rule. Unknown keys are kept
// (the vocabulary grows); a member whose value is neither y nor n is not a preference.

export interface UsagePreference {
  /** Where it was read: the URL whose answer carried the header. */
  url: string;
  value: string;
  preferences: Record<string, "y" | "n">;
}

/** The y/n members of a Content-Usage value (RFC 9651 dictionary; parameters ignored). */
export function parseContentUsage(value: string): Record<string, "y" | "n"> {
  const out: Record<string, "y" | "n"> = {};
  for (const member of value.split(",")) {
    const [key, raw] = member
      .split(";")[0]
      .split("=")
      .map((s) => s.trim());
    const v = raw?.replace(/^"|"$/g, "").toLowerCase();
    if (/^[a-z*][a-z0-9_.*-]*$/.test(key ?? "") && (v === "y" || v === "n")) out[key] = v;
  }
  return out;
}

/** The first answer among `answers` whose Content-Usage header states a preference. */
export function contentUsageHeader(answers: Array<Fetched | null | undefined>): UsagePreference | null {
  for (const f of answers) {
    const value = f?.headers["content-usage"];
    if (!f || !value) continue;
    const preferences = parseContentUsage(value);
    if (Object.keys(preferences).length > 0) return { url: f.url, value, preferences };
  }
  return null;
}
