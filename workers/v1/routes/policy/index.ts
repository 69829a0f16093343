import type { OpenAPIHono } from "@hono/zod-openapi";
import type { V1AppEnv } from "../../app-env";
import { registerBlockedRequests } from "./blocked";
import { registerListPolicyAgents } from "./catalogue";
import { registerGetCollectorPolicy } from "./collector";
import { registerGetPolicyCosts } from "./costs";
import { registerGetSitePolicy } from "./get";
import { registerPutSitePolicy } from "./put";
import { registerGetManagedRobots } from "./robots";

export function registerPolicyRoutes(app: OpenAPIHono<V1AppEnv>) {
  registerListPolicyAgents(app);
  registerGetSitePolicy(app);
  registerPutSitePolicy(app);
  registerGetManagedRobots(app);
  registerGetCollectorPolicy(app);
  registerBlockedRequests(app);
  registerGetPolicyCosts(app);
}
