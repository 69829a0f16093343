import type { OpenAPIHono } from "@hono/zod-openapi";
import { valueOrThrow } from "@shared/errors/api-error";
import { createMonitor } from "@shared/monitors/create-monitor";
import { MONITORS_PER_WORKSPACE } from "@shared/monitors/monitor-limits";
import type { V1AppEnv } from "../../app-env";
import { v1Route } from "../v1-route";
import { CreateMonitorBody, MONITOR_BODY_MAX_BYTES, MonitorCreationSchema } from "./schema";

const creation = { "application/json": { schema: MonitorCreationSchema } };

const route = v1Route(
  {
    method: "post",
    path: "/api/v1/monitors",
    operationId: "createMonitor",
    tags: ["Monitors"],
    summary: "Watch a domain's score",
    description: `The domain is scanned at once (that first score is the monitor's baseline, \`baseline_score\`) and then daily; when its overall score changes from one scan to the next, a signed \`score.changed\` webhook (Standard Webhooks) is POSTed to \`webhook_url\`. The signing secret is in this answer only. Idempotent on (domain, webhook_url): a repeat answers 200 with the same monitor and \`secret: null\`. At most ${MONITORS_PER_WORKSPACE.toLocaleString("en")} monitors per workspace.`,
    request: { body: { required: true, content: { "application/json": { schema: CreateMonitorBody } } } },
    responses: {
      201: { description: "Monitor created; `secret` is shown this once", content: creation },
      200: { description: "Monitor already existed; nothing changed", content: creation },
    },
  },
  {
    scope: "monitors:write",
    limit: "monitor_writes",
    errors: ["invalid_domain", "public_suffix", "limit_reached"],
    maxBodyBytes: MONITOR_BODY_MAX_BYTES,
  },
);

export function registerCreateMonitor(app: OpenAPIHono<V1AppEnv>) {
  app.openapi(route, async (c) => {
    const body = c.req.valid("json");
    const { monitor, created, secret, baselineQueued } = valueOrThrow(
      await createMonitor(c.get("ctx"), { domain: body.domain, webhookUrl: body.webhook_url }),
    );
    const result = {
      monitor_id: monitor.id,
      domain: monitor.domain,
      webhook_url: monitor.webhookUrl,
      secret,
      created,
      created_at: new Date(monitor.createdAt).toISOString(),
      baseline_queued: baselineQueued,
    };
    return created ? c.json(result, 201) : c.json(result, 200);
  });
}
