import { z } from "zod";
import { parseIp } from "../ip/cidr";
import { PolicyMarkInput } from "./policy-mark";

// The server-side record's shape, declared once for the way in that takes it
// (shared/ways-in/server-events.ts), the drain format that carries it (drains/formats/ndjson.ts)
// and the v1 route's OpenAPI document.

export const MAX_SERVER_EVENTS = 500;

/**
 * One request record from a site's edge or log drain (docs/decisions.md#11-server-side-events). Unknown fields
 * (a forwarder's extra headers, request ids) are ignored rather than refused; every
 * kept field is bounded and the whole body is capped by the route.
 */
export const serverEventItem = z.object({
  timestamp: z.union([z.iso.datetime({ offset: true }), z.number().int().positive()]),
  domain: z.string().min(1).max(253),
  path: z.string().min(1).max(2048).startsWith("/"),
  method: z.string().regex(/^[A-Za-z]{1,16}$/),
  status: z.number().int().min(100).max(599),
  user_agent: z.string().max(1024).nullish(),
  ip: z
    .string()
    .max(64)
    .refine((v) => parseIp(v) !== null, "not an IP address")
    .nullish(),
  referer: z.string().max(2048).nullish(),
  headers: z
    .object({
      signature: z.string().max(4096).optional(),
      "signature-input": z.string().max(4096).optional(),
      "signature-agent": z.string().max(4096).optional(),
      "ucp-agent": z.string().max(2048).optional(),
    })
    .optional(),
  policy: PolicyMarkInput.optional(),
});

export type ServerEventItem = z.infer<typeof serverEventItem>;
