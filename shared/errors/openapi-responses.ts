import { z } from "@hono/zod-openapi";
import { type ErrorCode, errorCatalogue } from "../result/error-codes";

// OpenAPI error responses built from the one catalogue, so the document lists exactly
// the codes a route can return, grouped by status, each with an example.

const statusDescriptions: Record<number, string> = {
  400: "Bad request",
  401: "Missing, malformed, unknown or revoked API key",
  403: "Forbidden",
  404: "Not found",
  405: "Method not allowed",
  413: "Payload too large",
  429: "Rate limit exceeded",
  500: "Internal error",
};

function errorSchema(codes: ErrorCode[]) {
  return z.object({
    error: z.string().openapi({ description: "Human-readable message; may be reworded at any time." }),
    code: z
      .enum(codes as [ErrorCode, ...ErrorCode[]])
      .openapi({ description: "Stable machine-readable code; branch on this." }),
    details: z
      .array(z.object({ field: z.string(), message: z.string() }))
      .optional()
      .openapi({ description: "For invalid_request: each failing field and why." }),
  });
}

const rateLimitHeaders = {
  "Retry-After": { description: "Seconds until a request can succeed.", schema: { type: "integer" as const } },
};

export type ErrorResponses = Record<
  string,
  {
    description: string;
    headers?: typeof rateLimitHeaders;
    content: {
      "application/json": {
        schema: ReturnType<typeof errorSchema>;
        examples: Record<string, { summary: string; value: unknown }>;
      };
    };
  }
>;

/** `responses` entries for the given catalogue codes, e.g. `errorResponses("unauthorized", "site_not_found")`. */
export function errorResponses(...codes: ErrorCode[]): ErrorResponses {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes)) {
    const status = errorCatalogue[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: ErrorResponses = {};
  for (const [status, group] of byStatus) {
    const examples = Object.fromEntries(
      group.map((code) => [code, { summary: code, value: { error: errorCatalogue[code].message, code } }]),
    );
    responses[status] = {
      description: `${statusDescriptions[status] ?? "Error"}: ${group.map((c) => `\`${c}\``).join(", ")}`,
      ...(status === 429 ? { headers: rateLimitHeaders } : {}),
      content: { "application/json": { schema: errorSchema(group), examples } },
    };
  }
  return responses;
}
