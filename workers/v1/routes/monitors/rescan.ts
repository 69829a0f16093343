import type { OpenAPIHono } from "@hono/zod-openapi";
import { valueOrThrow } from "@shared/errors/api-error";
import { rescanNow } from "@shared/monitors/monitor-actions";
import type { V1AppEnv } from "../../app-env";
import { v1Route } from "../v1-route";
import { MONITOR_BODY_MAX_BYTES, MonitorIdParam, RescanAcceptedSchema } from "./schema";

const route = v1Route(
  {
    method: "post",
    path: "/api/v1/monitors/{monitor_id}/rescan",
    operationId: "rescanMonitor",
    tags: ["Monitors"],
    summary: "Rescan now",
    description:
      "Queues a rescan of the monitor's domain now, through the same queue as the daily rescans: if the overall score changed, every monitor of the domain gets its `score.changed` as usual (a monitor without a baseline takes this score silently). Counts against the domain's scan limit (5 scans per hour per domain, shared with `POST /api/scan`); beyond it 429 `rate_limited` with `Retry-After`. No body is needed.",
    request: { params: MonitorIdParam },
    responses: {
      202: { description: "Rescan queued", content: { "application/json": { schema: RescanAcceptedSchema } } },
    },
  },
  {
    scope: "monitors:write",
    limit: "monitor_writes",
    errors: ["monitor_not_found"],
    maxBodyBytes: MONITOR_BODY_MAX_BYTES,
  },
);

export function registerRescanMonitor(app: OpenAPIHono<V1AppEnv>) {
  app.openapi(route, async (c) => {
    const { monitor_id } = c.req.valid("param");
    const { monitor } = valueOrThrow(await rescanNow(c.get("ctx"), { monitorId: monitor_id }));
    return c.json({ monitor_id: monitor.id, domain: monitor.domain, queued_at: new Date().toISOString() }, 202);
  });
}
