import type { ErrorCode } from "./error-codes";

/**
 * What a domain function in shared/ returns instead of throwing an HTTP error: the
 * value, or a refusal naming a code of the catalogue (shared/result/error-codes.ts) and
 * a message. A cron job or an MCP tool reads the refusal as data; a Worker's route
 * turns it into its HTTP error with `valueOrThrow` (shared/errors/api-error.ts).
 */
export type Refusal<C extends ErrorCode = ErrorCode> = {
  ok: false;
  code: C;
  message?: string;
  /** The input field at fault, when one is (`webhook_url`). */
  field?: string;
  /** For `rate_limited`: seconds until the same request can succeed. */
  retryAfterSeconds?: number;
};
export type Result<T, C extends ErrorCode = ErrorCode> = { ok: true; value: T } | Refusal<C>;

export function ok<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}

export function refusal<C extends ErrorCode>(
  code: C,
  message?: string,
  extra: Pick<Refusal, "field" | "retryAfterSeconds"> = {},
): Refusal<C> {
  return { ok: false, code, message, ...extra };
}
