import { z } from "@hono/zod-openapi";
import type { CallToolResult } from "@modelcontextprotocol/server";
import type { RouteAnswer } from "./call-v1-route";

/** The output of a tool whose route answers 204 with no body (void_conversion). */
export const NoContentSchema = z.object({
  ok: z.literal(true).describe("The operation succeeded (HTTP 204 on the v1 route)."),
});
const NO_CONTENT: z.infer<typeof NoContentSchema> = { ok: true };

/**
 * A route's answer as a tool result. Success: the body as structuredContent (and as
 * text, for clients that only read text). Failure: a tool error (isError) whose one
 * text block is the v1 error body as JSON, so the caller reads the same `code`
 * (docs/decisions.md#2-v1-errors), plus `status` and, on 429, `retry_after_seconds`.
 *
 * An error carries no structuredContent: the tool's outputSchema describes its success,
 * and the TypeScript SDK 1.x client and the Inspector validate any structuredContent
 * against it, failing the call with -32602 instead of showing the refusal. The MCP spec
 * (2025-11-25, "Tools: Error Handling") puts tool errors in `content` with isError.
 */
export function toolResult(answer: RouteAnswer): CallToolResult {
  if (answer.status >= 200 && answer.status < 300) {
    const data = (answer.body ?? NO_CONTENT) as Record<string, unknown>;
    return { content: [{ type: "text", text: JSON.stringify(data) }], structuredContent: data };
  }
  const error = {
    ...(answer.body as Record<string, unknown>),
    status: answer.status,
    ...(answer.retryAfter === null ? {} : { retry_after_seconds: Number(answer.retryAfter) }),
  };
  return { isError: true, content: [{ type: "text", text: JSON.stringify(error) }] };
}
