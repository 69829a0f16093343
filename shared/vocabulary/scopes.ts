// Scopes of an API key (contract "Authentication" + docs/decisions.md#9-monitors-and-webhooks and docs/decisions.md#11-server-side-events). Adding a scope
// is additive; a scope string is never renamed.
export const SCOPES = [
  "traffic:read",
  "sites:write",
  "conversions:read",
  "conversions:write",
  "monitors:read",
  "monitors:write",
  "events:write",
  // A site's agent policy (docs/policy.md): reading it is also what a collector needs to enforce it.
  "policy:read",
  "policy:write",
] as const;

export type Scope = (typeof SCOPES)[number];

/**
 * Named scope sets for Settings -> API keys and `admin create-key --preset`. Provisioning
 * is exactly these two (contract "Authentication" 3, docs/decisions.md#1-running-it); read-only is every
 * `:read` scope; full is all of them.
 */
export const SCOPE_PRESETS = {
  provisioning: ["sites:write", "traffic:read"],
  "read-only": ["traffic:read", "conversions:read", "monitors:read", "policy:read"],
  full: SCOPES,
} as const satisfies Record<string, readonly Scope[]>;

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

/** Parses a stored JSON scope list, dropping anything that is not a known scope. */
export function parseStoredScopes(json: string): Scope[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((s): s is Scope => typeof s === "string" && isScope(s)) : [];
  } catch {
    return [];
  }
}

/** Whether a scope changes anything (the others only read). */
export function isWriteScope(scope: string): boolean {
  return !scope.endsWith(":read");
}
