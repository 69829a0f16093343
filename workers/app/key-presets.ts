import { SCOPE_PRESETS, SCOPES, type Scope } from "@shared/vocabulary/scopes";

// Settings -> API keys has one control for a key's scopes: the checkboxes. A preset is
// a button that ticks its scopes visibly (app script, `data-fill-scopes`); the scope
// sets themselves live in shared/vocabulary/scopes.ts (also used by `npm run admin`).
export const keyPresetChoices: { value: keyof typeof SCOPE_PRESETS; label: string }[] = [
  { value: "provisioning", label: "Provisioning" },
  { value: "read-only", label: "Read only" },
  { value: "full", label: "Full access" },
];

const sameScopes = (a: readonly Scope[], b: readonly Scope[]) => a.length === b.length && a.every((s) => b.includes(s));

/**
 * The scopes a submitted form asks for: the ticked ones. A client that names a `preset`
 * (scripts, older pages) gets its scopes when nothing is ticked; ticks that disagree
 * with a named preset are refused, never silently overridden either way.
 */
export function scopesFromForm(preset: unknown, ticked: unknown): { scopes: Scope[] } | { problem: string } {
  const values = (Array.isArray(ticked) ? ticked : [ticked]).filter((v): v is string => typeof v === "string");
  const scopes = SCOPES.filter((s) => values.includes(s));
  const named =
    typeof preset === "string" && Object.hasOwn(SCOPE_PRESETS, preset)
      ? [...SCOPE_PRESETS[preset as keyof typeof SCOPE_PRESETS]]
      : null;
  if (preset !== undefined && preset !== "" && preset !== "custom" && !named) return { problem: "Unknown preset." };
  if (scopes.length === 0) return named ? { scopes: named } : { problem: "Tick at least one scope." };
  if (named && !sameScopes(named, scopes)) {
    return {
      problem: `The ticked scopes (${scopes.join(", ")}) are not the ${String(preset)} preset (${named.join(", ")}): tick exactly the scopes the key needs.`,
    };
  }
  return { scopes };
}
