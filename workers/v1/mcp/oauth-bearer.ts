import { grantCaller } from "@shared/accounts/grant-caller";
import { protectedResourceMetadataUrl } from "@shared/oauth/authorization-server";
import { serviceOrigin } from "@shared/oauth/service-origin";
import { SCOPE_PRESETS } from "@shared/vocabulary/scopes";
import type { OtherBearer } from "../middleware/api-key";

/**
 * OAuth access tokens at `/mcp`, beside API keys: the use case (shared/accounts/grant-caller.ts)
 * says which caller a token stands for, in the shape an API key gives, so every v1 route
 * applies scopes and limits to it unchanged; a refusal is the middleware's 401 challenge.
 */
export const oauthBearer: OtherBearer = {
  // MCP clients ask for what the challenge names (SDK 1.x `auth()`: the challenge's scope
  // first, then the metadata's scopes_supported, which lists all seven): the read scopes,
  // so a connection reads by default and writing is a choice made at consent.
  challengeScope: SCOPE_PRESETS["read-only"],
  resourceMetadata: (c) => {
    const origin = serviceOrigin(c.env.PUBLIC_BASE_URL, c.req.url);
    return origin ? protectedResourceMetadataUrl(origin) : null;
  },
  resolve: async (c, token) => {
    const origin = serviceOrigin(c.env.PUBLIC_BASE_URL, c.req.url);
    if (!origin) return null;
    const caller = await grantCaller({ env: c.env }, { origin, token });
    return caller.ok ? caller.value : null;
  },
};
