import { z } from "zod";

// The hand-off readiness shapes, declared once (types, the scan result's schema, OpenAPI),
// apart from the judging in handoff-readiness.ts, so the scan result's schema
// (scan-result.ts) reads them without importing the checks the judging uses.

/** What a page says of stock, in words any of the shops' languages use (handoff-readiness.ts). */
export const Stock = z.enum(["in_stock", "out_of_stock", "other"]);
export type Stock = z.infer<typeof Stock>;

/** One sampled product page, as an agent handed off there would find it (declared once: types and OpenAPI). */
export const HandoffPage = z
  .object({
    url: z.string(),
    status: z.number().int().meta({ description: "HTTP status of the page (0: no answer)." }),
    challenge: z
      .string()
      .nullable()
      .meta({ description: "The bot-protection vendor whose challenge answered, or null." }),
    landed: z.boolean().meta({ description: "200, no challenge, readable." }),
    price: z.object({
      data: z.string().nullable().meta({ description: "The offer price in the page's structured data." }),
      onPage: z.boolean().meta({ description: "That price is shown in the page's visible text." }),
    }),
    availability: z.object({
      data: z.string().nullable().meta({ description: "The offer's schema.org availability." }),
      onPage: Stock.nullable().meta({ description: "What the visible text says, in any of the shops' languages." }),
      equal: z.boolean(),
    }),
    addToCart: z
      .enum(["form", "link", "script"])
      .nullable()
      .meta({ description: "The add-to-cart control found (script: it needs JavaScript), or null." }),
    ready: z.boolean(),
    problems: z.array(z.string()).meta({ description: "Why not ready, in words; empty when ready." }),
  })
  .meta({ id: "HandoffPage" });
export type HandoffPage = z.infer<typeof HandoffPage>;

export const HandoffReadiness = z
  .object({
    sampled: z.number().int().meta({ description: "Product pages the scan sampled." }),
    ready: z.number().int().meta({ description: "Of them, pages an agent handed off to lands well on." }),
    pages: z.array(HandoffPage),
  })
  .meta({ id: "HandoffReadiness" });
export type HandoffReadiness = z.infer<typeof HandoffReadiness>;
