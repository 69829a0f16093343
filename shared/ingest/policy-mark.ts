import { z } from "zod";

/**
 * The decision a collector marks a record with when the site's policy stopped the
 * request (collectors/node/src/policy-document.ts `PolicyMark`), declared once for the
 * server-side events' schema and its OpenAPI document (`ServerEventInput.policy`).
 */
export const PolicyMarkInput = z
  .object({
    decision: z.literal("blocked"),
    reason: z.enum(["policy", "robots"]).meta({
      description:
        "`policy`: the agent's action was block; `robots`: obey_robots and the robots.txt in force disallowed the path.",
    }),
    version: z
      .number()
      .int()
      .min(0)
      .max(2 ** 31)
      .meta({ description: "The policy version decided with." }),
  })
  .meta({
    id: "PolicyMark",
    description:
      "Set by a collector enforcing the site's agent policy when it answered the request 403 itself (docs/policy.md); the record's status is then 403.",
  });
export type PolicyMarkInput = z.infer<typeof PolicyMarkInput>;
