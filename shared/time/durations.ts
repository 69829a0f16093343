// Time spans in epoch milliseconds, declared once (times are stored as Unix ms,
// docs/decisions.md#foundation-and-tooling, "Times"). A UTC day is exactly DAY_MS: Unix time has no leap seconds.

export const SECOND_MS = 1_000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
