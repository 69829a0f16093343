import { z } from "@hono/zod-openapi";

export const CheckInstallQuery = z.object({
  domain: z
    .string()
    .min(1)
    .max(253)
    .openapi({ description: "A domain registered in the caller's workspace.", example: "shop.example.com" }),
});

// Response shape: shared/sessions/install-check-schema.ts (declared once, reused by MCP tools).
