import type { OpenAPIHono } from "@hono/zod-openapi";
import type { V1AppEnv } from "../../app-env";
import { registerCreateSite } from "./create";
import { registerDeleteSite } from "./delete";
import { registerListSites } from "./list";
import { registerUpdateSite } from "./update";

// Literal paths under /api/v1/sites/ (check-install, owned by ingest) must be
// registered before the `{site_id}` route if that route ever gains a GET.
export function registerSiteRoutes(app: OpenAPIHono<V1AppEnv>) {
  registerListSites(app);
  registerCreateSite(app);
  registerUpdateSite(app);
  registerDeleteSite(app);
}
