/**
 * The log formats a drain takes (docs/integrations/): declared once; the drains table's
 * enum, the v1 zod schemas and the per-format readers (shared/drains/formats/) follow.
 */
export const DRAIN_FORMATS = ["cloudflare_logpush", "vercel", "ndjson"] as const;
export type DrainFormat = (typeof DRAIN_FORMATS)[number];
