import type { Finding } from "./discovery-finding";

// Which UCP release a business profile follows, and what it still carries from an earlier
// one (issue 45). A profile's JSON schema requires only `ucp` and allows any other
// property, so a profile in an old shape validates while agents on the current release
// find nothing where they look; each such shape is named here by its own code.
//
// The releases and where each put things (ucp.dev specification/overview of each release;
// Universal-Commerce-Protocol/ucp docs; Shopify's UCP profiles, live since 2026-08-28):
// - 2026-01-11: `ucp.capabilities` a list of {name, version}, `ucp.services` objects with
//   `rest` / `mcp` sub-objects, payment handlers in a top-level `payment.handlers` list of
//   {id, name, version};
// - 2026-01-23 and 2026-04-08: `capabilities` and `services` keyed by reverse-domain name,
//   each an array of declarations with their own `version` (services with `transport`),
//   `ucp.payment_handlers` keyed by reverse-domain handler name, each an array of handlers
//   with an `id`; signing keys a JWK list at the top level, `signing_keys` in 2026-04-08
//   profiles (the AP2 mandate extension already read `keys`);
// - 2026-08-25: as 2026-04-08, and the signing keys are the JWK set `keys` at the root,
//   beside `ucp`; every service and capability declaration carries its own `version`
//   (capabilities are versioned independently of the protocol).

export const CURRENT_UCP_RELEASE = "2026-08-25";
/** The releases whose rules are known, oldest first. */
export const UCP_RELEASES = ["2026-01-11", "2026-01-23", "2026-04-08", "2026-08-25"] as const;

type Obj = Record<string, unknown>;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A reverse-domain name: at least two dot-separated labels (com.google.pay, dev.shopify.shop_pay). */
const REVERSE_DOMAIN = /^[a-z0-9-]+(\.[a-z0-9_-]+)+$/i;

export interface UcpRelease {
  /** The release the profile declares (`ucp.version`), or null. */
  declared: string | null;
  /** The release whose rules were applied: the newest known one at or before the declared one. */
  era: string;
  /** `supported_versions`: the other releases it serves, with their profile URLs. */
  supportedVersions: Record<string, string> | null;
  /** Codes of the earlier releases' shapes the profile still carries. */
  legacy: string[];
}

/** The newest known release at or before `declared` (the oldest when it predates them all). */
export function eraOf(declared: string | null): string {
  if (!declared || !DATE.test(declared)) return CURRENT_UCP_RELEASE;
  const known = UCP_RELEASES.filter((r) => r <= declared);
  return known.length ? known[known.length - 1] : UCP_RELEASES[0];
}

function isObj(v: unknown): v is Obj {
  return !!v && typeof v === "object" && !Array.isArray(v);
}

/**
 * The release a profile follows and every earlier shape it still carries, as error
 * findings: for a profile that declares a release, its own release's rules apply.
 */
export function ucpRelease(json: Obj, ucp: Obj): { release: UcpRelease; findings: Finding[] } {
  const findings: Finding[] = [];
  const legacy: string[] = [];
  const flag = (code: string, detail: string) => {
    legacy.push(code);
    findings.push({ code, severity: "error", detail });
  };
  const declared = typeof ucp.version === "string" ? ucp.version : null;
  const era = eraOf(declared);
  const keyed = era >= "2026-01-23";

  // Signing keys: the JWK set `keys` at the root since 2026-08-25 (AP2 read it there before).
  const rootKeys = Array.isArray(json.keys);
  if (Array.isArray(ucp.signing_keys))
    flag(
      "UCP_LEGACY_SIGNING_KEYS",
      `the signing keys are in ucp.signing_keys, where no release reads them; agents on ${CURRENT_UCP_RELEASE} read the JWK set keys[] at the profile's root and find ${rootKeys ? "only those" : "none"}`,
    );
  if (Array.isArray(json.signing_keys) && era >= CURRENT_UCP_RELEASE)
    flag(
      "UCP_LEGACY_ROOT_SIGNING_KEYS",
      `the signing keys are in the root signing_keys (the 2026-04-08 shape); a ${era} profile keeps them in the root keys[]${rootKeys ? "" : ", so agents find none"}`,
    );

  // Payment handlers: keyed by reverse-domain name, each an array of handlers with an id.
  const handlers = ucp.payment_handlers;
  const payment = json.payment as Obj | undefined;
  if (keyed && Array.isArray(payment?.handlers))
    flag(
      "UCP_LEGACY_PAYMENT_OBJECT",
      `payment handlers are in a top-level payment.handlers list (the 2026-01-11 shape); a ${era} profile keys them by name in ucp.payment_handlers`,
    );
  if (keyed && Array.isArray(handlers))
    flag(
      "UCP_LEGACY_HANDLERS_ARRAY",
      `ucp.payment_handlers is a list; since 2026-01-23 it maps each reverse-domain handler name to an array of handlers with an id`,
    );
  if (keyed && isObj(handlers)) {
    for (const [name, list] of Object.entries(handlers)) {
      if (!REVERSE_DOMAIN.test(name))
        findings.push({
          code: "UCP_HANDLER_NAME",
          severity: "error",
          detail: `payment handler "${name}" is not a reverse-domain name`,
        });
      const entries = Array.isArray(list) ? list : null;
      if (!entries)
        findings.push({
          code: "UCP_HANDLER_SHAPE",
          severity: "error",
          detail: `payment_handlers["${name}"] is not an array of handlers`,
        });
      for (const [i, h] of (entries ?? []).entries())
        if (!isObj(h) || typeof h.id !== "string" || h.id === "")
          findings.push({
            code: "UCP_HANDLER_ID",
            severity: "error",
            detail: `payment_handlers["${name}"][${i}] has no id, which checkout's payment instruments refer to`,
          });
    }
  }

  // Capabilities and services: keyed by name, each declaration versioned on its own.
  if (keyed && Array.isArray(ucp.capabilities))
    flag(
      "UCP_LEGACY_CAPABILITIES_ARRAY",
      "ucp.capabilities is a list of {name} (the 2026-01-11 shape); since 2026-01-23 it maps each capability name to an array of versioned declarations",
    );
  if (keyed && isObj(ucp.capabilities)) {
    for (const [name, list] of Object.entries(ucp.capabilities)) {
      const unversioned = (Array.isArray(list) ? list : [list]).some(
        (d) => !isObj(d) || typeof d.version !== "string" || !DATE.test(d.version),
      );
      if (unversioned)
        findings.push({
          code: "UCP_CAPABILITY_VERSION",
          severity: "error",
          detail: `capability ${name} has a declaration without its own YYYY-MM-DD version (capabilities are versioned independently)`,
        });
    }
  }
  if (keyed && isObj(ucp.services)) {
    for (const [name, list] of Object.entries(ucp.services)) {
      if (!Array.isArray(list)) {
        flag(
          "UCP_LEGACY_SERVICE_BINDINGS",
          `service ${name} is one object with rest / mcp members (the 2026-01-11 shape); since 2026-01-23 it is an array of bindings, each with transport and version`,
        );
        continue;
      }
      if (list.some((b) => !isObj(b) || typeof b.version !== "string"))
        findings.push({
          code: "UCP_SERVICE_VERSION",
          severity: "error",
          detail: `service ${name} has a binding without its own version`,
        });
    }
  }

  const supported = ucp.supported_versions;
  const supportedVersions = isObj(supported)
    ? Object.fromEntries(Object.entries(supported).filter((e): e is [string, string] => typeof e[1] === "string"))
    : null;
  if (declared && DATE.test(declared) && declared < CURRENT_UCP_RELEASE && !supportedVersions?.[CURRENT_UCP_RELEASE])
    findings.push({
      code: "UCP_OLDER_RELEASE",
      severity: "note",
      detail: `the profile declares ${declared}; agents on ${CURRENT_UCP_RELEASE} (Shopify since 2026-08-28) negotiate down to it only if they still speak it`,
    });
  if (declared && DATE.test(declared) && declared > CURRENT_UCP_RELEASE)
    findings.push({
      code: "UCP_UNKNOWN_RELEASE",
      severity: "note",
      detail: `the profile declares ${declared}, newer than the releases the scanner knows; judged by ${era}'s rules`,
    });
  return { release: { declared, era, supportedVersions, legacy }, findings };
}
