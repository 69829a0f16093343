import type { OpenAPIHono } from "@hono/zod-openapi";
import { ApiError } from "@shared/errors/api-error";
import { serviceBaseUrl } from "@shared/sites/snippet";
import type { V1AppEnv } from "../../app-env";
import { v1Route } from "../v1-route";
import { monitorControl } from "./monitor-control";
import { MONITOR_BODY_MAX_BYTES, MonitorIdParam, RescanAcceptedSchema } from "./schema";
import { workspaceMonitor } from "./workspace-monitor";

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
    const monitor = await workspaceMonitor(c.env.DB, c.get("auth").workspaceId, monitor_id);
    const baseUrl = serviceBaseUrl(c.env.PUBLIC_BASE_URL, c.req.url);
    const outcome = await monitorControl(c.env).requestRescan(monitor.domain, baseUrl);
    if (!outcome.accepted) {
      throw new ApiError(
        "rate_limited",
        `${monitor.domain} was scanned as often as the per-domain limit allows; retry in ${outcome.retryAfterSeconds} s`,
        { headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
      );
    }
    return c.json({ monitor_id: monitor.id, domain: monitor.domain, queued_at: new Date().toISOString() }, 202);
  });
}
