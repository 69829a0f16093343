import { z } from "@hono/zod-openapi";

// Response shapes: shared/drains/drain-schema.ts (declared once, reused by MCP tools).

export const DrainIdParam = z.object({
  drain_id: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: "drain_id", in: "path" }, example: "drn_4Jx0Kq8WmT2rYb7nLc1P" }),
});
