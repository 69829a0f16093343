import { SCOPE_PRESETS, SCOPES, type Scope } from "@shared/auth/scopes";

// The "Preset" choice of Settings -> API keys. The scope sets themselves live in
// shared/auth/scopes.ts (one place, also used by `npm run admin`); this adds the labels.
export const keyPresetChoices = [
  { value: "provisioning", label: "Provisioning" },
  { value: "read-only", label: "Read only" },
  { value: "full", label: "Full access" },
  { value: "custom", label: "Custom: the scopes ticked below" },
] as const;

export type KeyPresetChoice = (typeof keyPresetChoices)[number]["value"];

/** What each scope lets a key do, shown beside its checkbox (contract Endpoints table). */
export const scopeDescriptions: Record<Scope, string> = {
  "traffic:read": "list sites, check installs, read traffic and sessions",
  "sites:write": "register sites and change their coverage",
  "conversions:read": "list conversions, read attribution",
  "conversions:write": "record and void conversions",
  "monitors:read": "list monitors and their deliveries",
  "monitors:write": "create and delete monitors",
  "events:write": "send server-side request records",
};

/** The scopes a submitted form asks for, or a sentence saying what is missing. */
export function scopesFromForm(preset: unknown, ticked: unknown): { scopes: Scope[] } | { problem: string } {
  if (preset === "custom") {
    const values = (Array.isArray(ticked) ? ticked : [ticked]).filter((v): v is string => typeof v === "string");
    const scopes = SCOPES.filter((s) => values.includes(s));
    return scopes.length > 0 ? { scopes } : { problem: "Tick at least one scope, or choose a preset." };
  }
  if (typeof preset === "string" && Object.hasOwn(SCOPE_PRESETS, preset)) {
    return { scopes: [...SCOPE_PRESETS[preset as keyof typeof SCOPE_PRESETS]] };
  }
  return { problem: "Choose a preset." };
}
