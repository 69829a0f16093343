import type { Fetched } from "../../types";
import { parseJson } from "../check-helpers";
import { bounded, cacheControl, type Finding } from "./discovery-finding";
import { type UcpRelease, ucpRelease } from "./ucp-release";

// Rules a UCP business profile at /.well-known/ucp can break, one code each (as the peer
// validators ucptools and ucpchecker report them), from the UCP releases 2026-01-11,
// 2026-01-23 and 2026-04-08 (ucp.dev specification/overview; Universal-Commerce-Protocol/ucp
// docs/specification/ap2-mandates.md):
// - `ucp.version` (YYYY-MM-DD), `ucp.services` and `ucp.payment_handlers` are present,
//   the last even when empty (2026-01-11 profiles kept handlers in a top-level
//   `payment.handlers`);
// - signing keys are a JWK set in the top-level `keys[]` (each with `kty` and `kid`), which
//   the AP2 mandate extension (`dev.ucp.shopping.ap2_mandate`) requires;
// - the profile is served over HTTPS at its well-known URL directly (agents fetch it
//   without following redirects) with `Cache-Control: public` and `max-age` of at least
//   60 seconds, and none of private / no-store / no-cache;
// - `supported_versions` maps each version to the URL of that version's profile;
// - `spec` and `schema` URLs live on the authority of their namespace: a name is reverse
//   DNS, so `dev.ucp.shopping.cart` is governed by ucp.dev and `com.example.x` by
//   example.com.

type Obj = Record<string, unknown>;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const AP2 = "dev.ucp.shopping.ap2_mandate";
const MIN_MAX_AGE = 60;

/** ucp.dev for dev.ucp.shopping.cart: the first two labels of a reverse-DNS name, reversed. */
export function namespaceAuthority(name: string): string | null {
  const labels = name.split(".");
  return labels.length >= 2 ? `${labels[1]}.${labels[0]}`.toLowerCase() : null;
}

function onAuthority(url: string, authority: string): boolean {
  try {
    const host = new URL(url).hostname.toLowerCase();
    return host === authority || host.endsWith(`.${authority}`);
  } catch {
    return false;
  }
}

/** Every (name, declaration) of a services or capabilities member, in either release's shape. */
function declarations(member: unknown): Array<[string, Obj]> {
  const out: Array<[string, Obj]> = [];
  if (Array.isArray(member)) {
    for (const d of member as Obj[]) if (d && typeof d.name === "string") out.push([d.name, d]);
  } else if (member && typeof member === "object") {
    for (const [name, v] of Object.entries(member as Obj)) {
      for (const d of Array.isArray(v) ? v : [v]) if (d && typeof d === "object") out.push([name, d as Obj]);
    }
  }
  return out;
}

/** The spec and schema URLs of one declaration, transport bindings (rest, mcp, a2a, embedded) included. */
function specUrls(d: Obj): string[] {
  const urls: string[] = [];
  for (const o of [d, d.rest, d.mcp, d.a2a, d.embedded] as Array<Obj | undefined>) {
    if (!o || typeof o !== "object") continue;
    for (const k of ["spec", "schema"]) if (typeof o[k] === "string") urls.push(o[k] as string);
  }
  return urls;
}

/** The profile's findings (every rule it breaks, legacy shapes by name) and the release it follows. */
export function judgeUcpProfile(f: Fetched): { findings: Finding[]; release: UcpRelease } {
  const json = (parseJson(f.body) as Obj | undefined) ?? {};
  const ucp = json.ucp && typeof json.ucp === "object" ? (json.ucp as Obj) : json;
  const { release, findings } = ucpRelease(json, ucp);
  return { findings: bounded([...ucpProfileFindings(f), ...findings]), release };
}

export function ucpProfileFindings(f: Fetched): Finding[] {
  const findings: Finding[] = [];
  const error = (code: string, detail: string) => findings.push({ code, severity: "error", detail });
  const json = (parseJson(f.body) as Obj | undefined) ?? {};
  const ucp = json.ucp && typeof json.ucp === "object" ? (json.ucp as Obj) : null;
  if (!ucp) error("UCP_ROOT", "the profile has no top-level ucp object");
  const profile = ucp ?? json;

  const version = typeof profile.version === "string" ? profile.version : null;
  if (!version || !DATE.test(version))
    error("UCP_VERSION", `ucp.version is ${JSON.stringify(profile.version ?? null)}, not a YYYY-MM-DD release`);
  if (!profile.services || typeof profile.services !== "object") error("UCP_SERVICES", "ucp.services is missing");
  const legacyHandlers = version !== null && version < "2026-01-23" && (json.payment as Obj | undefined)?.handlers;
  if (profile.payment_handlers === undefined && !legacyHandlers)
    error("UCP_PAYMENT_HANDLERS", "ucp.payment_handlers is missing (it must be present, even empty)");

  const capabilities = declarations(profile.capabilities).map(([name]) => name);
  const keys = Array.isArray(json.keys) ? (json.keys as Obj[]) : null;
  if (capabilities.includes(AP2) && !keys?.length)
    error(
      "UCP_KEYS",
      `${AP2} is declared but the profile has no signing key in a top-level keys[]${Array.isArray(json.signing_keys) ? " (it has signing_keys, which the AP2 extension does not read)" : ""}`,
    );
  for (const [i, k] of (keys ?? []).entries()) {
    if (!k || typeof k !== "object" || typeof k.kty !== "string" || typeof k.kid !== "string")
      error("UCP_KEY_INVALID", `keys[${i}] is not a JWK with kty and kid`);
  }

  if (!f.finalUrl.startsWith("https:")) error("UCP_HTTPS", `the profile was served from ${f.finalUrl}, not over https`);
  if (f.redirects.length > 0)
    error(
      "UCP_REDIRECT",
      `${f.url} redirects (${f.redirects.join(" → ")}); agents read the profile without following redirects`,
    );
  const cache = cacheControl(f);
  if (!cache.public || (cache.maxAge ?? 0) < MIN_MAX_AGE || cache.forbidding.length > 0)
    error(
      "UCP_CACHE_CONTROL",
      `sent ${cache.raw ? `Cache-Control: ${cache.raw}` : "no Cache-Control"}; a profile must be public with max-age ≥ ${MIN_MAX_AGE} and without private, no-store or no-cache`,
    );

  const supported = profile.supported_versions;
  if (supported !== undefined) {
    const entries =
      supported && typeof supported === "object" && !Array.isArray(supported) ? Object.entries(supported as Obj) : null;
    const bad = entries
      ? entries.filter(([v, url]) => !DATE.test(v) || typeof url !== "string" || !url.startsWith("https://"))
      : null;
    if (!entries || bad?.length)
      error(
        "UCP_SUPPORTED_VERSIONS",
        entries
          ? `supported_versions ${bad?.map(([v]) => v).join(", ")} do not map a YYYY-MM-DD version to an https profile URL`
          : "supported_versions is not an object mapping each version to its profile URL",
      );
  }

  for (const [name, d] of [...declarations(profile.services), ...declarations(profile.capabilities)]) {
    const authority = namespaceAuthority(name);
    if (!authority) continue;
    for (const url of specUrls(d).filter((u) => !onAuthority(u, authority)))
      error("UCP_NS_AUTHORITY", `${name} points at ${url}, outside its namespace's authority ${authority}`);
  }
  return bounded(findings);
}
