import type { KeyCaller } from "@shared/auth/key-caller";

/**
 * Who a v1 request is from, as the bearer middleware (api-key.ts) or an internal call
 * (internal-call.ts) sets it: the caller shape the key's use case gives (an OAuth grant
 * at /mcp gives the same shape).
 */
export type ApiKeyContext = KeyCaller;
