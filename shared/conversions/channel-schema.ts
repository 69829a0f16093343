import { z } from "zod";
import { ATTRIBUTION_PERIODS } from "../attribution/report-period";
import { TIERS } from "../classify/identity-vocabulary";
import { COMMERCE_PROTOCOLS } from "../vocabulary/agentic-checkout";
import { ORDER_CHANNELS, REFERRAL_EVIDENCE } from "../vocabulary/order-channels";

// The orders-by-channel report's shape (GET /api/v1/attribution/channels), declared once:
// the v1 route answers with it, the OpenAPI components and the MCP tool's output schema
// come from it (`id`), and `conversionChannels` returns `z.infer` of it.

export const OrderMoney = z
  .object({
    currency: z.string().meta({ example: "EUR" }),
    orders: z.number().int().meta({ example: 3 }),
    value_minor: z.number().int().meta({ description: "Sum in minor units of this currency only.", example: 14970 }),
  })
  .meta({ id: "OrderMoney" });

const Money = z.array(OrderMoney).meta({
  description:
    "Revenue per currency, never summed across currencies. Orders whose source gave no amount count in `orders` but in no currency.",
});

const Totals = z.object({
  orders: z.number().int().meta({ example: 4 }),
  by_currency: Money,
});

const Channel = z.enum(ORDER_CHANNELS).meta({
  description:
    "`agent_checkout`: placed by an agent through the shop's ACP or UCP checkout. `agent_browser`: an agent in the browser submitted the visit's cart or checkout (WebMCP), or the visit was an AI agent's. `ai_referral`: a person referred by an AI assistant (click id, UTM or the visit's source). `other`: every other order.",
  example: "agent_checkout",
});

export const ConversionChannels = z
  .object({
    site_id: z
      .string()
      .nullable()
      .meta({ description: "Null when the report covers the whole workspace.", example: "site_4kP2" }),
    domain: z.string().nullable().meta({ example: "shop.example" }),
    period: z.enum(ATTRIBUTION_PERIODS).meta({ id: "ChannelPeriod", example: "30d" }),
    period_start: z.string().meta({ format: "date-time", example: "2026-10-23T12:00:00.000Z" }),
    period_end: z.string().meta({ format: "date-time", example: "2026-11-22T12:00:00.000Z" }),
    previous_period_start: z.string().meta({ format: "date-time", example: "2026-09-23T12:00:00.000Z" }),
    total: Totals.extend({ previous: Totals }).meta({ description: "Every order of the period, each once." }),
    channels: z
      .array(
        Totals.extend({
          channel: Channel,
          name: z.string().meta({ description: "The channel in words.", example: "Orders placed by agents" }),
          previous: Totals.meta({ description: "The same channel in the previous period of equal length." }),
        }),
      )
      .meta({ description: "Always the four channels, in this order; an order is in exactly one." }),
    agent_checkouts: z
      .object({
        by_protocol: z.array(
          z.object({
            protocol: z.enum(COMMERCE_PROTOCOLS).meta({ example: "acp" }),
            name: z.string().meta({ example: "Agentic Commerce Protocol (ACP)" }),
            completed: z.number().int().meta({ example: 2 }),
            canceled: z.number().int().meta({ example: 1 }),
            failed: z.number().int().meta({ example: 1 }),
            by_currency: Money.meta({ description: "Completed checkouts only: cancels and failures are no revenue." }),
            previous: z.object({
              completed: z.number().int(),
              canceled: z.number().int(),
              failed: z.number().int(),
              by_currency: Money,
            }),
          }),
        ),
        by_agent: z.array(
          z.object({
            platform: z
              .string()
              .nullable()
              .meta({ description: "AI platform; null when the caller named none.", example: "chatgpt" }),
            agent: z.string().nullable().meta({
              description: "The agent's User-Agent token, else its signer's or UCP profile's host.",
              example: "chatgpt-user",
            }),
            tier: z.enum(TIERS).nullable().meta({ example: "verified" }),
            verified: z.boolean().meta({
              description:
                "Identity confirmed (Web Bot Auth signature of a listed operator, its IP ranges or reverse DNS).",
              example: true,
            }),
            name: z.string().meta({ description: "The agent in words.", example: "ChatGPT (ChatGPT-User), verified" }),
            completed: z.number().int(),
            canceled: z.number().int(),
            failed: z.number().int(),
            by_currency: Money,
          }),
        ),
      })
      .meta({
        description:
          "Checkouts agents ran on the shop's own ACP and UCP endpoints in the period, by how each ended (docs/integrations/agentic-checkout.md).",
      }),
    browser_agents: z
      .object({
        carts_submitted: z.number().int().meta({ example: 5 }),
        checkouts_submitted: z.number().int().meta({ example: 2 }),
        forms_submitted: z.number().int().meta({ description: "Other forms an agent submitted.", example: 1 }),
        previous: z.object({
          carts_submitted: z.number().int(),
          checkouts_submitted: z.number().int(),
          forms_submitted: z.number().int(),
        }),
        by_tool: z.array(
          z.object({
            tool: z
              .string()
              .meta({ description: "The form's WebMCP `toolname` (or its label).", example: "addToCart" }),
            submitted: z.number().int().meta({ example: 5 }),
            activated: z
              .number()
              .int()
              .meta({ description: "`toolactivated`: the agent filled the tool.", example: 6 }),
            canceled: z.number().int().meta({ description: "`toolcanceled`: its run was canceled.", example: 1 }),
          }),
        ),
      })
      .meta({
        description:
          "What the snippet saw agents do in the browser: forms submitted with `SubmitEvent.agentInvoked` (WebMCP), by what they were, and each WebMCP tool's activations and cancels.",
      }),
    ai_referral: z
      .object({
        by_evidence: z.array(
          Totals.extend({
            evidence: z.enum(REFERRAL_EVIDENCE).meta({ example: "click_id" }),
            name: z.string().meta({ example: "an AI platform's click id" }),
          }),
        ),
      })
      .meta({ description: "The `ai_referral` channel's orders by their strongest evidence; always the three." }),
  })
  .meta({
    id: "ConversionChannels",
    description:
      "Orders and revenue by channel, each order once (posted conversions, the snippet's `purchase` and agentic checkouts are joined by order id), with the previous period. Voided conversions count nowhere.",
  });

export type ConversionChannels = z.infer<typeof ConversionChannels>;
export type OrderMoney = z.infer<typeof OrderMoney>;
