// Proactive negotiation of a report's CSV form (RFC 9110 §12.5.1): a table route answers
// `text/csv` when the Accept header ranks it above `application/json`, JSON otherwise
// (no header, `*/*`, a tie). A header, not a query parameter: the MCP tools built from
// the same routes keep their JSON-only inputs and outputs.

function quality(accept: string, type: string): number {
  let best = -1;
  let bestSpecificity = -1;
  const [major] = type.split("/");
  for (const part of accept.split(",")) {
    const [range, ...params] = part.trim().toLowerCase().split(";");
    const specificity = range === type ? 2 : range === `${major}/*` ? 1 : range === "*/*" ? 0 : -1;
    if (specificity < 0 || specificity < bestSpecificity) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const value = q === undefined ? 1 : Number(q.slice(2));
    best = specificity > bestSpecificity ? (Number.isFinite(value) ? value : 0) : Math.max(best, value);
    bestSpecificity = specificity;
  }
  return best;
}

/** True when `accept` prefers text/csv to application/json. */
export function acceptsCsv(accept: string | undefined): boolean {
  if (!accept) return false;
  const csv = quality(accept, "text/csv");
  return csv > 0 && csv > quality(accept, "application/json");
}
