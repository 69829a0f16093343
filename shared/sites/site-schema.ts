import { z } from "zod";
import { COVERAGE_VALUES } from "./site-limits";
import { PRIVACY_MODE } from "./snippet";

// The Site resource and the site list (contract: "Site"), declared once: the v1 routes
// answer with them, the OpenAPI components come from them (`id`), MCP tools reuse them.

const EXAMPLE_SNIPPET =
  '<script defer data-site-id="pt_4fK9qLx2Vb7mNc1Zp8RtYw3e" data-privacy="storage-free" src="https://api.example.com/sdk/v1/agent.js"></script>';

const timestamp = (description: string) =>
  z
    .string()
    .nullable()
    .meta({ description: `${description} RFC 3339; null until it happens.`, example: null });

export const SiteSchema = z
  .object({
    site_id: z.string().meta({ description: "Opaque site id.", example: "site_8hJ2kQ9sLx3VbN1cT0aW" }),
    public_token: z
      .string()
      .meta({ description: "Public token embedded in the snippet.", example: "pt_4fK9qLx2Vb7mNc1Zp8RtYw3e" }),
    snippet: z.string().meta({ description: "Canonical storage-free script element.", example: EXAMPLE_SNIPPET }),
    privacy: z.literal(PRIVACY_MODE).meta({ description: "Privacy mode of the snippet.", example: PRIVACY_MODE }),
    domain: z.string().meta({ description: "Registered (normalised) host.", example: "shop.example.com" }),
    name: z.string().meta({ description: "Display name.", example: "Example Shop" }),
    coverage: z.enum(COVERAGE_VALUES).meta({
      description: "Which sessions are recorded (docs/decisions.md#5-traffic-reports).",
      example: "all_traffic",
    }),
    coverage_changed_at: timestamp("When coverage last changed."),
    created_at: z.string().meta({ description: "Registration time, RFC 3339.", example: "2026-11-21T12:00:00.000Z" }),
    snippet_installed_at: timestamp("First accepted snippet request."),
    last_event_at: timestamp("Latest recorded session start; not an installation-health signal."),
  })
  .meta({ id: "Site" });

export const SiteListSchema = z
  .object({
    sites: z.array(SiteSchema).meta({ description: "Newest first; at most `limit` sites." }),
    total: z.number().int().meta({ description: "Sites in the workspace (not the page size).", example: 1 }),
    capped: z.boolean().meta({
      description: "True when more sites follow this page. Kept for v1 compatibility; prefer next_cursor.",
      example: false,
    }),
    next_cursor: z
      .string()
      .nullable()
      .meta({ description: "Pass unchanged as `cursor` for the next page; null on the last page.", example: null }),
  })
  .meta({ id: "SiteList" });

export const SiteRegistrationSchema = z
  .object({
    site_id: SiteSchema.shape.site_id,
    public_token: SiteSchema.shape.public_token,
    domain: SiteSchema.shape.domain,
    created: z.boolean().meta({ description: "True when this call created the site.", example: true }),
    snippet: SiteSchema.shape.snippet,
    privacy: SiteSchema.shape.privacy,
  })
  .meta({ id: "SiteRegistration" });

export type Site = z.infer<typeof SiteSchema>;
export type SiteList = z.infer<typeof SiteListSchema>;
export type SiteRegistration = z.infer<typeof SiteRegistrationSchema>;
