import { z } from "@hono/zod-openapi";
import { COVERAGE_VALUES, SITE_NAME_MAX } from "@shared/sites/site-limits";
import { cursorQuery } from "../cursor-query";

// Response shapes: shared/sites/site-schema.ts (declared once, reused by MCP tools).

export const ListSitesQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(100)
    .openapi({ description: "Page size, 1-100.", example: 100 }),
  cursor: cursorQuery(),
});

const SITE_NAME = z.string().trim().min(1).max(SITE_NAME_MAX);

export const RegisterSiteBody = z
  .object({
    domain: z.string().min(1).max(253).openapi({
      description: "Host to register; normalised (lowercase, punycode, no www.).",
      example: "shop.example.com",
    }),
    name: SITE_NAME.optional().openapi({
      description: "Display name; defaults to the domain.",
      example: "Example Shop",
    }),
  })
  .openapi("RegisterSite");

export const SiteIdParam = z.object({
  site_id: z
    .string()
    .min(1)
    .max(64)
    .openapi({
      param: { name: "site_id", in: "path" },
      description: "The site's id, or its registered domain (`shop.example.com`).",
      example: "site_8hJ2kQ9sLx3VbN1cT0aW",
    }),
});

export const UpdateSiteBody = z
  .object({
    name: SITE_NAME.optional().openapi({ description: "New display name.", example: "Example Shop" }),
    coverage: z.enum(COVERAGE_VALUES).optional().openapi({
      description: "`all_traffic`, or `ai_and_tagged` to record only AI plus tagged/paid traffic.",
      example: "ai_and_tagged",
    }),
  })
  .refine((b) => b.name !== undefined || b.coverage !== undefined, { message: "Give name, coverage or both" })
  .openapi("UpdateSite");

/** A site body is a domain, a name and a coverage: 16 KiB is generous and bounds the parse. */
export const SITE_BODY_MAX_BYTES = 16 * 1024;
