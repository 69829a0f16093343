import type { OpenAPIHono } from "@hono/zod-openapi";
import { valueOrThrow } from "@shared/errors/api-error";
import { policyCatalogue } from "@shared/policy/site-policy";
import { PolicyCatalogue } from "@shared/policy/site-policy-view";
import type { V1AppEnv } from "../../app-env";
import { v1Route } from "../v1-route";

const route = v1Route(
  {
    method: "get",
    path: "/api/v1/policy/agents",
    operationId: "listPolicyAgents",
    tags: ["Policy"],
    summary: "Agents and operators a policy can name",
    description:
      "The AI agent catalogue as the policy reads it: each agent's operator, policy purpose, robots.txt product token and its source, and whether collectors can verify it (published IP ranges). An agent that cannot be verified is always judged as claimed: an allow cannot raise it above its purpose's default.",
    responses: {
      200: { description: "The catalogue", content: { "application/json": { schema: PolicyCatalogue } } },
    },
  },
  { scope: "policy:read", limit: "reads", conditional: true },
);

export function registerListPolicyAgents(app: OpenAPIHono<V1AppEnv>) {
  app.openapi(route, async (c) => c.json(valueOrThrow(await policyCatalogue(c.get("ctx"))), 200));
}
