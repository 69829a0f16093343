import { z } from "@hono/zod-openapi";
import { SCOPES } from "@shared/vocabulary/scopes";

export const WhoamiSchema = z
  .object({
    workspace_id: z
      .string()
      .openapi({ description: "Workspace the key belongs to.", example: "ws_7Gd0mJ2kQp9sLx3VbN1c" }),
    workspace_name: z.string().openapi({ description: "Display name of the workspace.", example: "acme" }),
    key_id: z
      .string()
      .openapi({ description: "Id of the key making this request.", example: "key_Q2w9Zr5tKc8mVb1xLp0a" }),
    scopes: z
      .array(z.enum(SCOPES))
      .openapi({ description: "Scopes the key holds.", example: ["sites:write", "traffic:read"] }),
  })
  .openapi("Whoami");
