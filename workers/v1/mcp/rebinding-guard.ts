import { validateHostHeader, validateOriginHeader } from "@modelcontextprotocol/server";
import { ApiError } from "@shared/errors/api-error";
import { allowedHostnames } from "@shared/oauth/service-origin";
import type { MiddlewareHandler } from "hono";

/**
 * DNS-rebinding guard (MCP transports spec 2025-11-25, "Security Warning"): 403 unless
 * the Host names this service (PUBLIC_BASE_URL's host, or a loopback name when it is
 * empty: shared/oauth/service-origin.ts). With `origin: true` a browser's Origin must
 * name it too; a request without Origin (any non-browser client) passes that part.
 * The OAuth endpoints check Host only: browser-based OAuth clients call the token and
 * registration endpoints from their own origin, and those need a code and verifier or
 * create nothing anyone else can use. The SDK's validators parse the headers, so
 * `[::1]` and ports are read as the SDK reads them; the answer is the v1 error shape.
 */
export function rebindingGuard(options: { origin: boolean }): MiddlewareHandler<{ Bindings: V1Env }> {
  return async (c, next) => {
    const allowed = allowedHostnames(c.env.PUBLIC_BASE_URL);
    const host = validateHostHeader(c.req.header("Host"), allowed);
    if (!host.ok)
      throw new ApiError("host_not_allowed", `${host.message}: set PUBLIC_BASE_URL to the host clients use`);
    if (options.origin) {
      const origin = validateOriginHeader(c.req.header("Origin"), allowed);
      if (!origin.ok) {
        throw new ApiError("origin_not_allowed", `${origin.message}: pages of other sites may not call this endpoint`);
      }
    }
    await next();
  };
}
