import { z } from "zod";
import { PRIVACY_MODE } from "../sites/snippet";
import { INSTALL_STATUSES } from "./install-status";

// The install check result (contract: "Install check result", docs/decisions.md#6-install-check),
// declared once: the v1 route answers with it, the OpenAPI component comes from it
// (`id`), `installCheck` returns `z.infer` of it.

const timestamp = (description: string) =>
  z
    .string()
    .nullable()
    .meta({ description: `${description} RFC 3339; null until it happens.`, example: "2026-11-21T12:00:00.000Z" });

export const InstallCheckSchema = z
  .object({
    site_id: z.string().meta({ description: "Opaque site id.", example: "site_8hJ2kQ9sLx3VbN1cT0aW" }),
    domain: z.string().meta({ description: "Registered host.", example: "shop.example.com" }),
    status: z.enum(INSTALL_STATUSES).meta({
      description:
        "`awaiting_first_event` until a matching-Origin request is accepted; `receiving` when one was accepted in the last 24 h and no refusal is newer; `rejected` when the newest attempt with the site's token was refused; `stale` otherwise.",
      example: "receiving",
    }),
    snippet: z.string().meta({
      description: "Replacement storage-free snippet.",
      example:
        '<script defer data-site-id="pt_4fK9qLx2Vb7mNc1Zp8RtYw3e" data-privacy="storage-free" src="https://api.example.com/sdk/v1/agent.js"></script>',
    }),
    privacy: z.literal(PRIVACY_MODE).meta({ description: "Privacy mode of the snippet.", example: "storage-free" }),
    heartbeat_freshness_seconds: z
      .number()
      .int()
      .meta({ description: "How recent an accepted request must be for `receiving`.", example: 86400 }),
    snippet_installed_at: timestamp("First accepted snippet request."),
    last_verified_event_at: timestamp(
      "Installation heartbeat: the newest ingest request accepted after the public token and the registered Origin were verified (any visitor, human or agent). Unlike last_event_at, an installation-health signal.",
    ),
    last_event_at: timestamp("Latest recorded session start; not an installation-health signal."),
    last_reject_reason: z.string().nullable().meta({
      description:
        "Why the newest refused request was refused (`origin_mismatch`, `missing_origin`, `rate_limited`: past the beacon limits).",
      example: null,
    }),
    last_reject_origin: z
      .string()
      .nullable()
      .meta({ description: "Origin claimed by the refused caller.", example: null }),
    last_reject_at: timestamp("Newest refusal."),
    next_action: z.string().meta({
      description: "Human-readable guidance.",
      example: "Nothing to do: the snippet's requests are reaching ingest.",
    }),
  })
  .meta({ id: "InstallCheck" });

export type InstallCheckResult = z.infer<typeof InstallCheckSchema>;
