import type { Coverage } from "../sites/coverage-schema";
import { COVERAGE_KINDS } from "../sites/coverage-schema";

/**
 * A CSV answer's coverage (docs/reports.md "Coverage"): a table has no place for the
 * `data_coverage` object its JSON twin carries, and a comment row would break RFC 4180
 * readers, so the kind travels as a response header beside the table.
 */
export const DATA_COVERAGE_HEADER = "X-Data-Coverage";

export function coverageHeader(coverage: Pick<Coverage, "kind">): Record<string, string> {
  return { [DATA_COVERAGE_HEADER]: coverage.kind };
}

/** The header as an OpenAPI response header of the CSV routes. */
export const coverageHeaderDoc = {
  [DATA_COVERAGE_HEADER]: {
    description: `On the \`text/csv\` answer: the site's coverage kind (\`${COVERAGE_KINDS.join("`, `")}\`), the \`kind\` of the JSON answer's \`data_coverage\`. Anything but \`both\` means the numbers leave something out.`,
    schema: { type: "string" as const, enum: [...COVERAGE_KINDS] },
  },
};
