import { z } from "@hono/zod-openapi";
import { SessionFilterQuery } from "@shared/reads/session-filters";
import { SESSIONS_LIMIT_DEFAULT, SESSIONS_LIMIT_MAX } from "@shared/reports/agent-sessions";
import { FAILING_LIMIT_DEFAULT, FAILING_LIMIT_MAX } from "@shared/reports/failing-sessions";
import { COMPARISONS, SERIES_INTERVALS } from "@shared/reports/report-params";
import { TrafficFilterQuery } from "@shared/reports/traffic-filters";
import { DEFAULT_TIME_ZONE } from "@shared/time/time-zone";
import { DEFAULT_REPORT_PERIOD, REPORT_PERIODS } from "@shared/vocabulary/report-periods";
import { cursorQuery } from "../cursor-query";

const Domain = z
  .string()
  .min(1)
  .max(253)
  .openapi({ description: "A site registered in the key's workspace.", example: "shop.example" });

const Period = z.enum(REPORT_PERIODS).default(DEFAULT_REPORT_PERIOD).openapi({
  description: "Window ending now. Ignored when `from` is sent.",
  example: "7d",
});

const Time = z.iso.datetime({ offset: true });

/** Contract "Traffic report parameters": overview, purpose-split, sources, verification. */
export const ReportQuery = z.object({
  domain: Domain,
  period: Period,
  from: Time.optional().openapi({
    description:
      "Start of a custom window (RFC 3339, inclusive). Wins over `period`. Not in the future; the window is at most 90 days.",
    example: "2026-11-01T00:00:00Z",
  }),
  to: Time.optional().openapi({
    description: "End of the custom window (RFC 3339, exclusive); defaults to now. Needs `from`.",
    example: "2026-11-08T00:00:00Z",
  }),
  compare: z.enum(COMPARISONS).optional().openapi({
    description:
      "`previous`: the answer also holds `previous`, the same report over the previous window of equal length (ending at period_start). Omit for none.",
    example: "previous",
  }),
});

/** Overview and sources: the report parameters plus the interval of their time series. */
export const SeriesReportQuery = ReportQuery.extend({
  interval: z.enum(SERIES_INTERVALS).optional().openapi({
    description:
      "Bucket size of the time series (UTC, or the `timezone` where the report takes one): `hour` (windows up to 48 hours) or `day`. Default: `hour` up to 48 hours, `day` beyond.",
    example: "hour",
  }),
});

/**
 * The time zone of a report's days and hours (docs/reports.md "Time zones"), declared
 * once for every report with day or hour buckets; validated by shared/time/time-zone.ts.
 */
export const TimeZone = z.string().min(1).max(64).default(DEFAULT_TIME_ZONE).openapi({
  description:
    "IANA time zone of the day and hour buckets (`by_*_daily`, `by_*_series`) and of `compare=previous` over whole days: days start at local midnight and are 23 or 25 hours long on DST change days. Default `UTC`. An unknown name is 400 `invalid_timezone`.",
  example: "Europe/Berlin",
});

/** The grouped traffic reports (overview, purpose split, sources, verification) take a time zone. */
export const TrafficReportQuery = ReportQuery.extend({ timezone: TimeZone });
export const TrafficSeriesQuery = SeriesReportQuery.extend({ timezone: TimeZone });

/** ...and the traffic filters (shared/reports/traffic-filters.ts, docs/reports.md "Filters"). */
export const FilteredReportQuery = TrafficReportQuery.extend(TrafficFilterQuery.shape);
export const FilteredSeriesQuery = TrafficSeriesQuery.extend(TrafficFilterQuery.shape);

export const FailingSessionsQuery = z.object({
  domain: Domain,
  period: Period,
  from: ReportQuery.shape.from,
  to: ReportQuery.shape.to,
  agent_platform: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .openapi({ description: "Only sessions of this platform; omit for all.", example: "chatgpt" }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(FAILING_LIMIT_MAX)
    .default(FAILING_LIMIT_DEFAULT)
    .openapi({ description: "Page size, 1-50.", example: 20 }),
  cursor: cursorQuery("next_cursor of the previous page, unchanged; omit on the first call."),
});

/** GET /traffic/sessions: the window, the list's filters (shared/reads/session-filters.ts), the page. */
export const SessionsQuery = z
  .object({
    domain: Domain,
    period: Period,
    from: ReportQuery.shape.from,
    to: ReportQuery.shape.to,
  })
  .extend(SessionFilterQuery.shape)
  .extend({
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(SESSIONS_LIMIT_MAX)
      .default(SESSIONS_LIMIT_DEFAULT)
      .openapi({ description: "Page size, 1-50.", example: 20 }),
    cursor: FailingSessionsQuery.shape.cursor,
  });

export const SessionParams = z.object({
  session_id: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: "session_id", in: "path" }, example: "3f0b6d0e-8a51-4c55-9a3e-0d9c1f6f7b21" }),
});

// Response shapes: shared/reports/report-schemas.ts (declared once, reused by MCP tools).
