import type { OpenAPIHono } from "@hono/zod-openapi";
import { workspaceName } from "@shared/auth/key-repository";
import { database } from "@shared/db/client";
import type { V1AppEnv } from "../../app-env";
import { v1Route } from "../v1-route";
import { WhoamiSchema } from "./schema";

const route = v1Route(
  {
    method: "get",
    path: "/api/v1/whoami",
    operationId: "whoami",
    tags: ["Workspace"],
    summary: "Identify the key and its workspace",
    responses: {
      200: { description: "The key's workspace and scopes", content: { "application/json": { schema: WhoamiSchema } } },
    },
  },
  { scope: null, limit: "reads" },
);

export function registerWhoami(app: OpenAPIHono<V1AppEnv>) {
  app.openapi(route, async (c) => {
    const auth = c.get("auth");
    const name = await workspaceName(database(c.env.DB), auth.workspaceId);
    return c.json(
      { workspace_id: auth.workspaceId, workspace_name: name ?? "", key_id: auth.keyId, scopes: auth.scopes },
      200,
    );
  });
}
