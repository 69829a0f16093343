import { localSwitchOn } from "@shared/config/local-switches";
import { ApiError } from "@shared/errors/api-error";
import { accessLog } from "@shared/http/access-log";
import { foreignHostReason } from "@shared/http/host-allow-list";
import { refuseOtherMethods } from "@shared/http/method-not-allowed";
import { toErrorResponse } from "@shared/http/on-error";
import { REQUEST_ID_HEADER, type RequestIdVariables, requestId } from "@shared/http/request-id";
import { Hono } from "hono";
import { routePath } from "hono/route";
import { setClientAddress } from "./client-address";
import { registerDiscoveryRoutes } from "./discovery-routes";
import { registerFavicon } from "./favicon";
import { routePattern, upstreamFor } from "./routes";
import { fanOutScheduled } from "./scheduled-fan-out";

type EdgeApp = { Bindings: EdgeEnv; Variables: RequestIdVariables };

const WORKER = "edge";
const app = new Hono<EdgeApp>();

app.use(requestId());
// A route of the edge's own that answered (a discovery document) is logged as itself;
// what the catch-all forwarded or a middleware refused, by the table's prefix pattern
// (routes.ts `routePattern`), never by its path.
app.use(accessLog(WORKER, { route: (c) => (routePath(c) === "/*" ? routePattern(c.req.path) : routePath(c)) }));
// Every route answers on the service's own host names only (shared/http/host-allow-list.ts):
// a page on a name that resolves to this server (DNS rebinding) reaches nothing.
app.use(async (c, next) => {
  const foreign = foreignHostReason(c.req.raw, c.env.PUBLIC_BASE_URL);
  if (foreign) throw new ApiError("host_not_allowed", foreign);
  await next();
});
// POST /openapi.json and the like: 405 with Allow, as on every product Worker.
app.use(refuseOtherMethods(app, "v1", WORKER));

app.get("/__scheduled", async (c) => {
  if (!localSwitchOn(c.env, "SCHEDULED_ROUTE")) throw new ApiError("not_found");
  const origin = new URL(c.req.url).origin;
  const result = await fanOutScheduled(c.env, c.req.query("cron"), c.get("requestId"), origin, c.req.query("at"));
  return c.json(result, result.ok ? 200 : 500);
});

registerDiscoveryRoutes(app);
registerFavicon(app);

app.all("*", async (c) => {
  const upstream = upstreamFor(c.req.path);
  // Returned, not thrown: refuseOtherMethods turns a 404 response on a known path into 405.
  if (!upstream)
    return toErrorResponse(new ApiError("not_found", `No route for ${c.req.method} ${c.req.path}`), c, "v1", WORKER);
  // The product Worker sees the same request id, so logs of both hops line up.
  const forwarded = new Request(c.req.raw);
  forwarded.headers.set(REQUEST_ID_HEADER, c.get("requestId"));
  setClientAddress(forwarded.headers, c.env);
  const res = await c.env[upstream].fetch(forwarded);
  // Re-wrapped (not buffered) so streams such as the scan SSE pass straight through.
  return new Response(res.body, res);
});

app.onError((err, c) => toErrorResponse(err, c, "v1", WORKER));

export default { fetch: app.fetch } satisfies ExportedHandler<EdgeEnv>;
