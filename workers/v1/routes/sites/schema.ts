import { z } from "@hono/zod-openapi";
import { MAX_CURSOR_LENGTH } from "../../../../shared/cursor/keyset-cursor";
import { COVERAGE_VALUES } from "../../../../shared/sites/site-limits";
import { PRIVACY_MODE } from "../../../../shared/sites/snippet";

const EXAMPLE_SNIPPET =
  '<script defer data-site-id="pt_4fK9qLx2Vb7mNc1Zp8RtYw3e" data-privacy="storage-free" src="https://api.example.com/sdk/v1/agent.js"></script>';

const timestamp = (description: string) =>
  z
    .string()
    .nullable()
    .openapi({ description: `${description} RFC 3339; null until it happens.`, example: null });

export const SiteSchema = z
  .object({
    site_id: z.string().openapi({ description: "Opaque site id.", example: "site_8hJ2kQ9sLx3VbN1cT0aW" }),
    public_token: z
      .string()
      .openapi({ description: "Public token embedded in the snippet.", example: "pt_4fK9qLx2Vb7mNc1Zp8RtYw3e" }),
    snippet: z.string().openapi({ description: "Canonical storage-free script element.", example: EXAMPLE_SNIPPET }),
    privacy: z.literal(PRIVACY_MODE).openapi({ description: "Privacy mode of the snippet.", example: PRIVACY_MODE }),
    domain: z.string().openapi({ description: "Registered (normalised) host.", example: "shop.example.com" }),
    name: z.string().openapi({ description: "Display name.", example: "Example Shop" }),
    coverage: z.enum(COVERAGE_VALUES).openapi({
      description: "Which sessions are recorded (docs/decisions.md#5-traffic-reports).",
      example: "all_traffic",
    }),
    coverage_changed_at: timestamp("When coverage last changed."),
    created_at: z
      .string()
      .openapi({ description: "Registration time, RFC 3339.", example: "2026-11-21T12:00:00.000Z" }),
    snippet_installed_at: timestamp("First accepted snippet request."),
    last_event_at: timestamp("Latest recorded session start; not an installation-health signal."),
  })
  .openapi("Site");

export const SiteListSchema = z
  .object({
    sites: z.array(SiteSchema).openapi({ description: "Newest first; at most `limit` sites." }),
    total: z.number().int().openapi({ description: "Sites in the workspace (not the page size).", example: 1 }),
    capped: z.boolean().openapi({
      description: "True when more sites follow this page. Kept for v1 compatibility; prefer next_cursor.",
      example: false,
    }),
    next_cursor: z
      .string()
      .nullable()
      .openapi({ description: "Pass unchanged as `cursor` for the next page; null on the last page.", example: null }),
  })
  .openapi("SiteList");

export const ListSitesQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(100)
    .openapi({ description: "Page size, 1-100.", example: 100 }),
  cursor: z
    .string()
    .min(1)
    .max(MAX_CURSOR_LENGTH)
    .optional()
    .openapi({ description: "next_cursor of the previous page, unchanged." }),
});

export const RegisterSiteBody = z
  .object({
    domain: z.string().min(1).max(253).openapi({
      description: "Host to register; normalised (lowercase, punycode, no www.).",
      example: "shop.example.com",
    }),
    name: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .optional()
      .openapi({ description: "Display name; defaults to the domain.", example: "Example Shop" }),
  })
  .openapi("RegisterSite");

export const SiteRegistrationSchema = z
  .object({
    site_id: SiteSchema.shape.site_id,
    public_token: SiteSchema.shape.public_token,
    domain: SiteSchema.shape.domain,
    created: z.boolean().openapi({ description: "True when this call created the site.", example: true }),
    snippet: SiteSchema.shape.snippet,
    privacy: SiteSchema.shape.privacy,
  })
  .openapi("SiteRegistration");

export const SiteIdParam = z.object({
  site_id: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: "site_id", in: "path" }, example: "site_8hJ2kQ9sLx3VbN1cT0aW" }),
});

export const UpdateSiteBody = z
  .object({
    coverage: z.enum(COVERAGE_VALUES).openapi({
      description: "`all_traffic`, or `ai_and_tagged` to record only AI plus tagged/paid traffic.",
      example: "ai_and_tagged",
    }),
  })
  .openapi("UpdateSite");

/** A site body is a domain, a name and a coverage: 16 KiB is generous and bounds the parse. */
export const SITE_BODY_MAX_BYTES = 16 * 1024;
