import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { valueOrThrow } from "@shared/errors/api-error";
import { managedRobotsTxt } from "@shared/policy/collector-policy";
import type { V1AppEnv } from "../../app-env";
import { SiteIdParam } from "../sites/schema";
import { v1Route } from "../v1-route";

const route = v1Route(
  {
    method: "get",
    path: "/api/v1/sites/{site_id}/policy/robots.txt",
    operationId: "getManagedRobotsTxt",
    tags: ["Policy"],
    summary: "The managed robots.txt",
    description:
      "The policy written as robots.txt: the merchant's own rules (`robots.own_rules`) kept, and a group, with its product token's source, for every agent the policy blocks somewhere. Collectors serve it at /robots.txt while `robots.enabled`; otherwise it is what they would serve. `X-Policy-Version` names the policy version.",
    request: { params: SiteIdParam },
    responses: {
      200: {
        description: "The file",
        headers: { "X-Policy-Version": { description: "The policy's version.", schema: { type: "integer" } } },
        content: { "text/plain": { schema: z.string().openapi({ example: "User-agent: GPTBot\nDisallow: /\n" }) } },
      },
    },
  },
  { scope: "policy:read", limit: "reads", errors: ["site_not_found"], conditional: true },
);

export function registerGetManagedRobots(app: OpenAPIHono<V1AppEnv>) {
  app.openapi(route, async (c) => {
    const { site_id } = c.req.valid("param");
    const file = valueOrThrow(await managedRobotsTxt(c.get("ctx"), { site: site_id }));
    // A body the route types cannot follow (text, or JSON already serialised for signing).
    return c.body(file.body, 200, {
      "Content-Type": "text/plain; charset=utf-8",
      "X-Policy-Version": String(file.version),
    }) as never;
  });
}
