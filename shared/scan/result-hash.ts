import type { LayerScores } from "./scan-result";
import type { CheckResult } from "./types";

// De-duplication identity (scan-checks.md "De-duplication identity"): domain, scoring
// version, every check's key, status and blocked flag, the layer scores and the overall
// score. Messages and evidence carry timings and sizes that differ between identical
// scans, so they are left out.

export interface HashInput {
  domain: string;
  scoringVersion: string;
  checkResults: CheckResult[];
  layerScores: LayerScores;
  overallScore: number;
}

/** JSON with object keys sorted at every level, so equal values give equal text. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
}

export async function resultHash(input: HashInput): Promise<string> {
  const identity = {
    domain: input.domain,
    scoringVersion: input.scoringVersion,
    checks: input.checkResults
      .map((c) => ({ key: c.key, status: c.status, blocked: c.blocked === true }))
      .sort((a, b) => (a.key < b.key ? -1 : 1)),
    layerScores: input.layerScores,
    overallScore: input.overallScore,
  };
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(canonicalJson(identity)));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
