import type { Scope } from "../vocabulary/scopes";

// The scopes of an API key or an OAuth grant (shared/vocabulary/scopes.ts) in words: a short
// name and what the scope lets a key or a connected app do (contract Endpoints table).
// Settings -> API keys and the OAuth consent page show these; the API keeps the codes.

export const SCOPE_NAMES: Record<Scope, string> = {
  "traffic:read": "Read traffic",
  "sites:write": "Manage sites",
  "conversions:read": "Read conversions",
  "conversions:write": "Record conversions",
  "monitors:read": "Read monitors",
  "monitors:write": "Manage monitors",
  "events:write": "Send server-side events",
  "policy:read": "Read agent policies",
  "policy:write": "Change agent policies",
};

export const SCOPE_DESCRIPTIONS: Record<Scope, string> = {
  "traffic:read": "list sites, check installs, read traffic and sessions",
  "sites:write": "register, rename and delete sites and change their coverage",
  "conversions:read": "list conversions, read attribution",
  "conversions:write": "record and void conversions",
  "monitors:read": "list monitors and their deliveries",
  "monitors:write": "create and delete monitors, send test events, rescan",
  "events:write": "send server-side request records",
  "policy:read": "read a site's agent policy (collectors need it to enforce the policy)",
  "policy:write": "change a site's agent policy: allow, block or obey robots.txt per agent",
};
