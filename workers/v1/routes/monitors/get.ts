import type { OpenAPIHono } from "@hono/zod-openapi";
import { valueOrThrow } from "@shared/errors/api-error";
import { findWorkspaceMonitor } from "@shared/monitors/list-monitors";
import type { V1AppEnv } from "../../app-env";
import { v1Route } from "../v1-route";
import { monitorView } from "./monitor-view";
import { MonitorIdParam, MonitorSchema } from "./schema";

const route = v1Route(
  {
    method: "get",
    path: "/api/v1/monitors/{monitor_id}",
    operationId: "getMonitor",
    tags: ["Monitors"],
    summary: "Read one monitor",
    description:
      "The monitor with its last score, when it was last scanned and when the daily rescan is next expected. Another workspace's monitor answers 404 like a missing one.",
    request: { params: MonitorIdParam },
    responses: {
      200: { description: "The monitor", content: { "application/json": { schema: MonitorSchema } } },
    },
  },
  { scope: "monitors:read", limit: "reads", errors: ["monitor_not_found"] },
);

export function registerGetMonitor(app: OpenAPIHono<V1AppEnv>) {
  app.openapi(route, async (c) => {
    const { monitor_id } = c.req.valid("param");
    const ctx = c.get("ctx");
    const monitor = valueOrThrow(await findWorkspaceMonitor(ctx, { monitorId: monitor_id }));
    return c.json(monitorView(monitor, ctx.nowMs), 200);
  });
}
