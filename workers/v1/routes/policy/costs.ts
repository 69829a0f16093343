import type { OpenAPIHono } from "@hono/zod-openapi";
import { valueOrThrow } from "@shared/errors/api-error";
import { PolicyCosts } from "@shared/policy/policy-costs-schema";
import { policyCosts } from "@shared/reads/policy-costs";
import type { V1AppEnv } from "../../app-env";
import { SiteIdParam } from "../sites/schema";
import { v1Route } from "../v1-route";

const route = v1Route(
  {
    method: "get",
    path: "/api/v1/sites/{site_id}/policy/costs",
    operationId: "getPolicyCosts",
    tags: ["Policy"],
    summary: "What blocking each agent would cost",
    description:
      "For each agent with a request or a visit in the last 30 days: its requests and robots.txt violations (robots.txt compliance), the visits of its platform's agents acting for a person and those that reached a purchase (the session list), the referrals its operator's assistant sent (crawl-to-referral) and the orders attributed to that platform (attribution), with one sentence per agent. Order figures need `conversions:read` too; without it they are null.",
    request: { params: SiteIdParam },
    responses: { 200: { description: "The costs", content: { "application/json": { schema: PolicyCosts } } } },
  },
  { scope: "traffic:read", limit: "reads", errors: ["site_not_found"], conditional: true },
);

export function registerGetPolicyCosts(app: OpenAPIHono<V1AppEnv>) {
  app.openapi(route, async (c) => {
    const { site_id } = c.req.valid("param");
    const withOrders = c.get("auth").scopes.includes("conversions:read");
    return c.json(valueOrThrow(await policyCosts(c.get("ctx"), { site: site_id, withOrders })), 200);
  });
}
