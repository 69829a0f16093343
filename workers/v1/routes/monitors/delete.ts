import type { OpenAPIHono } from "@hono/zod-openapi";
import { valueOrThrow } from "@shared/errors/api-error";
import { deleteMonitor } from "@shared/monitors/delete-monitor";
import type { V1AppEnv } from "../../app-env";
import { v1Route } from "../v1-route";
import { MonitorIdParam } from "./schema";

const route = v1Route(
  {
    method: "delete",
    path: "/api/v1/monitors/{monitor_id}",
    operationId: "deleteMonitor",
    tags: ["Monitors"],
    summary: "Stop watching",
    description: "Deletes the monitor and its delivery history; pending retries are dropped.",
    request: { params: MonitorIdParam },
    responses: { 204: { description: "Deleted" } },
  },
  { scope: "monitors:write", limit: "monitor_writes", errors: ["monitor_not_found"] },
);

export function registerDeleteMonitor(app: OpenAPIHono<V1AppEnv>) {
  app.openapi(route, async (c) => {
    const { monitor_id } = c.req.valid("param");
    // Another workspace's monitor answers exactly like a missing one (docs/decisions.md#2-v1-errors).
    valueOrThrow(await deleteMonitor(c.get("ctx"), { monitorId: monitor_id }));
    return c.body(null, 204);
  });
}
