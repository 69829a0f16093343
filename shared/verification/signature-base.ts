import { type InnerList, parseDictionary, SfError, serializeInnerList, serializeMember } from "./structured-fields";

/** The parts of a request a signature can cover, as received. */
export interface SignedMessage {
  method: string;
  /** Absolute target URI as the client addressed it. */
  url: string;
  /** Header lookup by lower-case name; combined value or null. */
  header(name: string): string | null;
  /**
   * For a response: the request it answers, which components flagged `req` read
   * (RFC 9421 §2.4), e.g. a signed key directory's `"@authority";req`.
   */
  request?: SignedMessage;
}

/** `@authority` per RFC 9421 §2.2.3: host, lower-cased, default port removed. */
function authority(url: URL): string {
  const defaultPort =
    (url.protocol === "https:" && url.port === "443") || (url.protocol === "http:" && url.port === "80");
  return (defaultPort || !url.port ? url.hostname : `${url.hostname}:${url.port}`).toLowerCase();
}

function componentValue(name: string, params: InnerList["items"][number]["params"], from: SignedMessage): string {
  let msg = from;
  if (params.has("req")) {
    if (!from.request) throw new SfError(`${name};req outside a response`);
    msg = from.request;
  }
  const url = new URL(msg.url);
  if (params.has("sf") || params.has("bs") || params.has("tr")) {
    throw new SfError(`unsupported component parameter on ${name}`);
  }
  switch (name) {
    case "@method":
      return msg.method.toUpperCase();
    case "@authority":
      return authority(url);
    case "@target-uri":
      return url.href;
    case "@scheme":
      return url.protocol.slice(0, -1);
    case "@path":
      return url.pathname || "/";
    case "@query":
      return url.search || "?";
    case "@request-target":
      return `${url.pathname}${url.search}`;
  }
  if (name.startsWith("@")) throw new SfError(`unsupported derived component ${name}`);
  const raw = msg.header(name);
  if (raw === null) throw new SfError(`covered header ${name} is missing`);
  const key = params.get("key");
  if (key !== undefined) {
    // RFC 9421 §2.1.2: the named member of a Dictionary field, re-serialized.
    if (typeof key !== "string") throw new SfError("key parameter must be a string");
    const member = parseDictionary(raw).get(key);
    if (!member) throw new SfError(`dictionary member ${key} missing from ${name}`);
    return serializeMember(member);
  }
  return raw.trim().replace(/\s*\r?\n\s*/g, " ");
}

/**
 * The RFC 9421 §2.5 signature base for one signature: each covered component's line
 * `"name";params: value`, then `"@signature-params": <inner list>`. Throws SfError when
 * a covered component cannot be produced (the signature is then invalid).
 */
export function signatureBase(covered: InnerList, msg: SignedMessage): string {
  const lines: string[] = [];
  const seen = new Set<string>();
  for (const item of covered.items) {
    if (typeof item.value !== "string") throw new SfError("component identifiers are strings");
    const id = serializeMember(item);
    if (seen.has(id)) throw new SfError("duplicate component");
    seen.add(id);
    lines.push(`${id}: ${componentValue(item.value, item.params, msg)}`);
  }
  lines.push(`"@signature-params": ${serializeInnerList(covered)}`);
  return lines.join("\n");
}
