import type { PolicyContext } from "@shared/policy/policy-context";
import type { ApiKeyContext } from "../../middleware/api-key";

/** The policy use cases' context for an authenticated v1 request: the key's workspace, the key as actor. */
export function policyContext(env: V1Env, auth: ApiKeyContext): PolicyContext {
  return { env, workspaceId: auth.workspaceId, actor: `key:${auth.keyId}`, nowMs: Date.now() };
}
