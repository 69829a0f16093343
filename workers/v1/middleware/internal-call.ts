import type { ApiKeyContext } from "./caller";

/**
 * The caller of a v1 route that `/mcp` runs in the same isolate (mcp/call-v1-route.ts),
 * keyed by the very Request object it builds. The route then applies its own scope and
 * limit to the caller `/mcp` authenticated, whether by API key or OAuth token, without
 * a second lookup. Only code in this isolate can put a Request here, so no header a
 * client sends can claim an identity.
 */
export const internalCallAuth = new WeakMap<Request, ApiKeyContext>();
