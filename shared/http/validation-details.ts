import type { ZodError } from "zod";

export interface FieldIssue {
  /** Dotted location, prefixed by where the value came from: `query.limit`, `json.domain`. */
  field: string;
  message: string;
}

export function fieldIssues(error: ZodError, target: string): FieldIssue[] {
  return error.issues.map((issue) => ({
    field: [target, ...issue.path.map(String)].join("."),
    message: issue.message,
  }));
}

/** One sentence naming every failing field, for the human-readable `error`. */
export function describeIssues(issues: FieldIssue[]): string {
  return issues.map((i) => `${i.field}: ${i.message}`).join("; ");
}
