import { isScope, SCOPES, type Scope } from "@shared/vocabulary/scopes";
import { canManageWorkspace, type WorkspaceRole } from "./roles";

/**
 * The scopes a person may hand an app for a workspace: owners and admins any scope (they
 * may create keys with any), members only the `:read` ones, because a member's role is
 * read-only (docs/app.md "Roles"). Checked when consent is given and again on every
 * request, so a demotion narrows tokens already issued.
 */
export function grantableScopes(role: WorkspaceRole): Scope[] {
  return canManageWorkspace(role) ? [...SCOPES] : SCOPES.filter((s) => s.endsWith(":read"));
}

/** The scopes a token may use now: what was granted, within what the role still allows. */
export function effectiveScopes(granted: readonly string[], role: WorkspaceRole): Scope[] {
  const allowed = grantableScopes(role);
  return SCOPES.filter((s) => granted.includes(s) && allowed.includes(s));
}

/** Refusal sentence when `wanted` exceeds what `role` allows, else null. */
export function scopesBeyondRole(wanted: readonly string[], role: WorkspaceRole): string | null {
  const unknown = wanted.filter((s) => !isScope(s));
  if (unknown.length > 0) return `Unknown scope: ${unknown.join(", ")}.`;
  const allowed = grantableScopes(role);
  const beyond = wanted.filter((s) => !allowed.includes(s as Scope));
  return beyond.length > 0
    ? `Your role here is ${role}: it cannot grant ${beyond.join(", ")}. Untick those, or choose a workspace where you are an admin.`
    : null;
}
