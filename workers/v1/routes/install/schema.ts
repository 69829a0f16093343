import { z } from "@hono/zod-openapi";

const timestamp = (description: string) =>
  z
    .string()
    .nullable()
    .openapi({ description: `${description} RFC 3339; null until it happens.`, example: "2026-11-21T12:00:00.000Z" });

export const CheckInstallQuery = z.object({
  domain: z
    .string()
    .min(1)
    .max(253)
    .openapi({ description: "A domain registered in the caller's workspace.", example: "shop.example.com" }),
});

export const InstallCheckSchema = z
  .object({
    site_id: z.string().openapi({ description: "Opaque site id.", example: "site_8hJ2kQ9sLx3VbN1cT0aW" }),
    domain: z.string().openapi({ description: "Registered host.", example: "shop.example.com" }),
    status: z.enum(["receiving", "stale", "rejected", "awaiting_first_event"]).openapi({
      description:
        "`awaiting_first_event` until a matching-Origin request is accepted; `receiving` when one was accepted in the last 24 h and no refusal is newer; `rejected` when the newest attempt with the site's token was refused; `stale` otherwise.",
      example: "receiving",
    }),
    snippet: z.string().openapi({
      description: "Replacement storage-free snippet.",
      example:
        '<script defer data-site-id="pt_4fK9qLx2Vb7mNc1Zp8RtYw3e" data-privacy="storage-free" src="https://api.example.com/sdk/v1/agent.js"></script>',
    }),
    privacy: z
      .literal("storage-free")
      .openapi({ description: "Privacy mode of the snippet.", example: "storage-free" }),
    heartbeat_freshness_seconds: z
      .number()
      .int()
      .openapi({ description: "How recent an accepted request must be for `receiving`.", example: 86400 }),
    snippet_installed_at: timestamp("First accepted snippet request."),
    last_verified_event_at: timestamp(
      "Installation heartbeat: the newest ingest request accepted after the public token and the registered Origin were verified (any visitor, human or agent). Unlike last_event_at, an installation-health signal.",
    ),
    last_event_at: timestamp("Latest recorded session start; not an installation-health signal."),
    last_reject_reason: z.string().nullable().openapi({
      description: "Why the newest refused request was refused (`origin_mismatch`, `missing_origin`).",
      example: null,
    }),
    last_reject_origin: z
      .string()
      .nullable()
      .openapi({ description: "Origin claimed by the refused caller.", example: null }),
    last_reject_at: timestamp("Newest refusal."),
    next_action: z.string().openapi({
      description: "Human-readable guidance.",
      example: "Nothing to do: the snippet's requests are reaching ingest.",
    }),
  })
  .openapi("InstallCheck");
