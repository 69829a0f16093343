/** The v1 app's Hono env; route middleware adds its own variables (`auth`). */
export type V1AppEnv = { Bindings: V1Env };
