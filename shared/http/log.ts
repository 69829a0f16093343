// Structured JSON logs: one object per line so Workers Logs / Logpush can index fields.
// Never pass a raw IP, API key or salt here (docs/privacy.md).
export type LogLevel = "debug" | "info" | "warn" | "error";

export type LogFields = Record<string, string | number | boolean | null | undefined>;

export function log(level: LogLevel, msg: string, fields: LogFields = {}): void {
  const line = JSON.stringify({ level, msg, time: new Date().toISOString(), ...fields });
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.log(line);
}
