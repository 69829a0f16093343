import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { AdminContext } from "@shared/admin/admin-context";
import { createAdminKey, listAdminKeys, revokeAdminKey } from "@shared/admin/admin-keys";
import { localSwitchOn } from "@shared/config/local-switches";
import { ApiError, valueOrThrow } from "@shared/errors/api-error";
import { crossSiteReason, foreignHostReason } from "@shared/http/host-allow-list";
import { SCOPE_PRESETS, SCOPES } from "@shared/vocabulary/scopes";
import type { Context } from "hono";
import type { V1AppEnv } from "../../app-env";

// Local-only key administration behind `npm run admin` (docs/decisions.md#1-running-it). Mounted only
// under /__admin, which answers 404 unless ADMIN_ROUTES=1 (set by npm start's .dev.vars,
// never in production). Hidden from the OpenAPI document.

// A key without scopes can do nothing but whoami, which is never what was meant: exactly
// one of `scopes` (at least one) or `preset` is required.
const CreateKeyBody = z
  .object({
    workspace: z.string().trim().min(1).max(100),
    name: z.string().trim().min(1).max(100).optional(),
    scopes: z.array(z.enum(SCOPES)).min(1).max(SCOPES.length).optional(),
    preset: z.enum(Object.keys(SCOPE_PRESETS) as [keyof typeof SCOPE_PRESETS]).optional(),
  })
  .refine((b) => !(b.scopes && b.preset), { message: "Give scopes or preset, not both", path: ["preset"] })
  .refine((b) => b.scopes || b.preset, {
    message: "Give scopes or a preset: a key needs at least one scope",
    path: ["scopes"],
  });

const createRouteDef = createRoute({
  method: "post",
  path: "/__admin/keys",
  hide: true,
  request: { body: { required: true, content: { "application/json": { schema: CreateKeyBody } } } },
  responses: { 201: { description: "Created key, shown once" } },
});

const listRouteDef = createRoute({
  method: "get",
  path: "/__admin/keys",
  hide: true,
  request: { query: z.object({ workspace: z.string().trim().min(1).max(100) }) },
  responses: { 200: { description: "Live keys of the workspace (no secrets)" } },
});

const revokeRouteDef = createRoute({
  method: "post",
  path: "/__admin/keys/{key_id}/revoke",
  hide: true,
  request: { params: z.object({ key_id: z.string().min(1).max(64) }) },
  responses: { 200: { description: "Revoked" } },
});

export function registerAdminKeyRoutes(app: OpenAPIHono<V1AppEnv>) {
  app.use("/__admin/*", async (c, next) => {
    if (!localSwitchOn(c.env, "ADMIN_ROUTES"))
      throw new ApiError("not_found", `No route for ${c.req.method} ${c.req.path}`);
    // Live API keys are minted here: `npm run admin` on this machine only, never a page of
    // another site or one reached under a rebound name (issue 41 #3).
    const foreign = foreignHostReason(c.req.raw, c.env.PUBLIC_BASE_URL);
    if (foreign) throw new ApiError("host_not_allowed", foreign);
    const crossSite = crossSiteReason(c.req.raw);
    if (crossSite) throw new ApiError("origin_not_allowed", crossSite);
    await next();
  });

  app.openapi(createRouteDef, async (c) => {
    const body = c.req.valid("json");
    const scopes = body.preset ? [...SCOPE_PRESETS[body.preset]] : (body.scopes ?? []);
    const created = valueOrThrow(
      await createAdminKey(adminContext(c), { workspace: body.workspace, scopes, name: body.name }),
    );
    return c.json(created, 201);
  });

  app.openapi(listRouteDef, async (c) => {
    const { workspace } = c.req.valid("query");
    const { workspaceId, keys } = valueOrThrow(await listAdminKeys(adminContext(c), { workspace }));
    return c.json(
      {
        workspace_id: workspaceId,
        keys: keys.map((k) => ({
          key_id: k.keyId,
          name: k.name,
          prefix: k.displayPrefix,
          scopes: k.scopes,
          created_at: new Date(k.createdAt).toISOString(),
          last_used_at: k.lastUsedAt === null ? null : new Date(k.lastUsedAt).toISOString(),
        })),
      },
      200,
    );
  });

  app.openapi(revokeRouteDef, async (c) => {
    const { key_id } = c.req.valid("param");
    valueOrThrow(await revokeAdminKey(adminContext(c), { keyId: key_id }));
    return c.json({ key_id, revoked: true }, 200);
  });
}

/** The administration use cases' context: this Worker's control plane and shards, now. */
export function adminContext(c: Context<V1AppEnv>): AdminContext {
  return { env: c.env, nowMs: Date.now() };
}
