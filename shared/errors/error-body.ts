import type { ApiError } from "./api-error";

/** Which public body an app speaks: v1 `{error, code}` or the scan API's `{error}`. */
export type ErrorStyle = "v1" | "scan";

export interface ErrorBody {
  error: string;
  code?: string;
  details?: unknown;
}

export function errorBody(err: ApiError, style: ErrorStyle): ErrorBody {
  if (style === "scan") return { error: err.message };
  return err.details === undefined
    ? { error: err.message, code: err.code }
    : { error: err.message, code: err.code, details: err.details };
}
