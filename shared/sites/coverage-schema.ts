import { z } from "zod";
import { DRAIN_FORMATS } from "../vocabulary/drain-formats";

// A site's coverage (docs/reports.md "Coverage"), declared once: the agent reports'
// `coverage` and every traffic report's `data_coverage` (shared/reports/report-schemas.ts) are this.

const Time = (description: string) =>
  z.string().meta({ format: "date-time", description, example: "2026-11-20T08:00:00.000Z" });

export const COVERAGE_KINDS = ["snippet_only", "drains", "both", "none"] as const;

/** What this site reports from, on every report: numbers are never read as complete when they are not. */
export const Coverage = z
  .object({
    kind: z.enum(COVERAGE_KINDS).meta({
      description:
        "`snippet_only`: browsers only (agents that run no JavaScript, most crawlers, are not seen); `drains`: server-side records only (log drains or `POST /api/v1/events`); `both`; `none`: nothing has reported yet.",
      example: "both",
    }),
    snippet: z.boolean().meta({ description: "The snippet has sent a verified beacon.", example: true }),
    server_side: z.boolean().meta({
      description: "A log drain has stored a batch, or server-side events have arrived.",
      example: true,
    }),
    snippet_installed_at: Time("First verified beacon.").nullable(),
    drains: z
      .array(
        z.object({
          id: z.string().meta({ example: "drn_8Hq2" }),
          format: z.enum(DRAIN_FORMATS),
          last_accept_at: Time("Newest batch that stored a line; null when none has yet.").nullable(),
        }),
      )
      .meta({ description: "The site's active (not revoked) drains." }),
    server_events_last_at: Time("Newest AI agent's record from `POST /api/v1/events`, if any.").nullable(),
    note: z.string().meta({
      description: "What the numbers leave out under this coverage, in a sentence.",
      example: "Snippet and server-side records: browsers and agents that run no JavaScript are both counted.",
    }),
  })
  .meta({ id: "Coverage" });
export type Coverage = z.infer<typeof Coverage>;
