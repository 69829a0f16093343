import { z } from "zod";
import { MAX_VALUE_MINOR } from "../conversions/conversion-input";
import { CHECKOUT_BINDINGS, CHECKOUT_OUTCOMES, COMMERCE_PROTOCOLS } from "../vocabulary/agentic-checkout";

/**
 * The `order` of a server-side record (`POST /api/v1/events`): an agentic checkout's end
 * as a collector read it from the shop's answer (collectors/node/src/agentic-record.ts).
 * Declared once: the record's validator and the OpenAPI document use it. The amount and
 * currency are the session's `totals[]` entry of `type: "total"` and its `currency`.
 */
export const AgenticOrderInput = z
  .object({
    protocol: z.enum(COMMERCE_PROTOCOLS).meta({ description: "`acp` or `ucp`.", example: "acp" }),
    binding: z
      .enum(CHECKOUT_BINDINGS)
      .meta({ description: "REST endpoints or the MCP binding's tools.", example: "rest" }),
    outcome: z.enum(CHECKOUT_OUTCOMES).meta({
      description:
        "`completed`: the completion answered `status: completed` (an order). `canceled`: the cancel answered `status: canceled`. `failed`: a completion answered with an error.",
      example: "completed",
    }),
    checkout_id: z
      .string()
      .min(1)
      .max(255)
      .meta({ description: "The checkout session's id.", example: "checkout_session_123" }),
    order_id: z
      .string()
      .min(1)
      .max(255)
      .optional()
      .meta({ description: "The answer's `order.id`.", example: "ord_abc123" }),
    amount_minor: z.number().int().min(0).max(MAX_VALUE_MINOR).optional().meta({
      description: 'The `totals[]` entry of `type: "total"`, in minor units of `currency`.',
      example: 430,
    }),
    currency: z.string().max(3).optional().meta({ description: "ISO 4217 code; case-insensitive.", example: "USD" }),
  })
  .meta({
    id: "AgenticOrderInput",
    description:
      "Set by a collector on the record of an agentic checkout call's end (docs/integrations/agentic-checkout.md): the record is then an order, not a page view. Nothing of the buyer or the payment is part of it.",
  });

export type AgenticOrderInput = z.infer<typeof AgenticOrderInput>;
