import { errorCatalogue } from "../result/error-codes";

/** The line docs/api.md keeps above the generated table, so the script finds it again. */
export const ERROR_TABLE_MARKER =
  "<!-- error codes: generated from shared/result/error-codes.ts by `npm run docs:errors` -->";

/**
 * docs/api.md's error-code table, one row per catalogue code in catalogue order, the
 * columns padded as the formatter pads Markdown tables (so `biome check` leaves it).
 */
export function errorCodeTable(): string {
  const rows = Object.entries(errorCatalogue).map(([code, e]) => [`\`${code}\``, String(e.status), e.when]);
  const header = ["code", "status", "when"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(" | ")} |`;
  return [line(header), `| ${widths.map((w) => "-".repeat(w)).join(" | ")} |`, ...rows.map(line)].join("\n");
}
