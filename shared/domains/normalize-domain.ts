import { isPublicSuffix } from "./public-suffix";

// Domain normalisation (docs/decisions.md#4-domains): trim, lowercase, drop one trailing dot, IDN to
// punycode, strip one leading `www.`; refuse scheme, path, port, userinfo, IP literals,
// labels over 63 and names over 253 octets.

export type DomainProblem = "invalid_domain" | "public_suffix";

export type DomainResult = { ok: true; domain: string } | { ok: false; code: DomainProblem; message: string };

const MAX_NAME = 253;
const MAX_LABEL = 63;
// LDH rule (RFC 1123 §2.1): letters, digits, hyphens; no hyphen at either end.
const LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
// The WHATWG URL parser reads a host whose last label is numeric (or 0x-hex) as IPv4.
const NUMERIC_LABEL = /^(?:0x[0-9a-f]*|[0-9]+)$/;

function fail(message: string): DomainResult {
  return { ok: false, code: "invalid_domain", message };
}

/** Why `raw` is not a bare host, or null when it looks like one. */
function shapeProblem(raw: string): string | null {
  if (raw.length === 0) return "The domain is empty";
  if (/^[a-z][a-z0-9+.-]*:\/\//.test(raw)) return "Give the host only, without a scheme such as https://";
  if (raw.includes("@")) return "The domain must not contain userinfo (@)";
  if (raw.startsWith("[") || raw.includes(":")) return "The domain must not contain a port or an IP literal";
  if (/[/?#\\]/.test(raw)) return "Give the host only, without a path, query or fragment";
  if (/[\s%]/.test(raw) || /\p{Cc}/u.test(raw)) return "The domain contains whitespace or escaped characters";
  return null;
}

/** IDN to punycode through the platform's URL parser (UTS #46 processing). */
function toAscii(host: string): string | null {
  try {
    return new URL(`http://${host}/`).hostname;
  } catch {
    return null;
  }
}

/** Normalises a host name and checks its syntax. Never throws. */
export function normalizeDomain(input: string): DomainResult {
  if (typeof input !== "string") return fail("The domain must be a string");
  let raw = input.trim().toLowerCase();
  const problem = shapeProblem(raw);
  if (problem) return fail(problem);
  if (raw.endsWith(".")) raw = raw.slice(0, -1);
  const rawLabels = raw.split(".");
  if (rawLabels.some((l) => l.length === 0)) return fail("The domain has an empty label");
  if (NUMERIC_LABEL.test(rawLabels[rawLabels.length - 1])) return fail("IP addresses cannot be used as a domain");

  const ascii = toAscii(raw);
  if (ascii === null || ascii.length === 0) return fail("The domain is not a valid host name");
  let host = ascii.endsWith(".") ? ascii.slice(0, -1) : ascii;
  if (host.startsWith("www.")) host = host.slice(4);

  if (host.length > MAX_NAME) return fail(`The domain is longer than ${MAX_NAME} characters`);
  const labels = host.split(".");
  if (labels.length < 2) return fail("The domain needs at least two labels, e.g. shop.example");
  if (NUMERIC_LABEL.test(labels[labels.length - 1])) return fail("IP addresses cannot be used as a domain");
  for (const label of labels) {
    if (label.length > MAX_LABEL) return fail(`A label of the domain is longer than ${MAX_LABEL} characters`);
    if (!LABEL.test(label)) return fail(`"${label}" is not a valid host label`);
  }
  return { ok: true, domain: host };
}

/**
 * Normalises a domain for site registration: as `normalizeDomain`, and refuses any name
 * that is itself a public suffix, ICANN or private section (docs/decisions.md#4-domains: `co.uk`,
 * `myshopify.com`, `github.io`), since ingest matches the Origin against it.
 */
export function normalizeRegistrableDomain(input: string): DomainResult {
  const result = normalizeDomain(input);
  if (!result.ok) return result;
  if (isPublicSuffix(result.domain)) {
    return {
      ok: false,
      code: "public_suffix",
      message: `${result.domain} is a public or hosting suffix; register the full host, e.g. shop.${result.domain}`,
    };
  }
  return result;
}
