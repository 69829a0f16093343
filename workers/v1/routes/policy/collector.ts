import type { OpenAPIHono } from "@hono/zod-openapi";
import { bearerToken } from "@shared/auth/bearer-token";
import { valueOrThrow } from "@shared/errors/api-error";
import { CollectorPolicyDocument } from "@shared/policy/collector-document";
import { collectorPolicy } from "@shared/policy/collector-policy";
import { POLICY_SIGNATURE_HEADER, signPolicyDocument } from "@shared/policy/document-signature";
import type { V1AppEnv } from "../../app-env";
import { SiteIdParam } from "../sites/schema";
import { v1Route } from "../v1-route";

const route = v1Route(
  {
    method: "get",
    path: "/api/v1/sites/{site_id}/policy/collector",
    operationId: "getCollectorPolicy",
    tags: ["Policy"],
    summary: "The policy document collectors enforce",
    description: `Every agent's decision already made (verified and claimed), the agent table to recognise them by (product tokens, published IP ranges), the robots.txt rules in force and the managed robots.txt (docs/policy.md "What a collector fetches"). Signed for the key that asks: \`${POLICY_SIGNATURE_HEADER}: v1=<base64url HMAC-SHA256>\` over the exact body, keyed by HMAC-SHA256(API key, "agent-readiness policy document v1"). Poll with \`If-None-Match\`: an unchanged document answers 304. Taking a document with a managed robots.txt files it in the site's robots.txt history as the version in force.`,
    request: { params: SiteIdParam },
    responses: {
      200: {
        description: "The document",
        headers: {
          [POLICY_SIGNATURE_HEADER]: { description: "`v1=` and the body's signature.", schema: { type: "string" } },
        },
        content: { "application/json": { schema: CollectorPolicyDocument } },
      },
    },
  },
  { scope: "policy:read", limit: "policy_documents", errors: ["site_not_found"], conditional: true },
);

export function registerGetCollectorPolicy(app: OpenAPIHono<V1AppEnv>) {
  app.openapi(route, async (c) => {
    const { site_id } = c.req.valid("param");
    const { body } = valueOrThrow(await collectorPolicy(c.get("ctx"), { site: site_id }));
    // The key the request authenticated with (apiKeyAuth admitted only an API key here).
    const key = bearerToken(c.req.header("Authorization")) ?? "";
    // A body the route types cannot follow (text, or JSON already serialised for signing).
    return c.body(body, 200, {
      "Content-Type": "application/json",
      [POLICY_SIGNATURE_HEADER]: await signPolicyDocument(body, key),
    }) as never;
  });
}
