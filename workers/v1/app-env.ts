import type { ApiKeyContext } from "./middleware/api-key";

/** The v1 app's Hono env; route middleware adds its own variables (`auth`). */
export type V1AppEnv = { Bindings: V1Env };

/** What a route behind `apiKeyAuth()` may read: `c.get("auth")`. */
export type AuthedEnv = { Bindings: V1Env; Variables: { auth: ApiKeyContext } };
