// JSON-LD reading shared by the identity and content checks. Every object with an
// `@type` anywhere in a block (top level, arrays, `@graph`, nested values) is a node.

export type JsonNode = Record<string, unknown>;

export interface JsonLdBlock {
  valid: boolean;
  error: string | null;
  hasContext: boolean;
  hasType: boolean;
  nodes: JsonNode[];
}

function isSchemaOrg(context: unknown): boolean {
  if (typeof context === "string") return /^https?:\/\/schema\.org\/?$/i.test(context.trim());
  if (Array.isArray(context)) return context.some(isSchemaOrg);
  if (context && typeof context === "object") return isSchemaOrg((context as JsonNode)["@vocab"]);
  return false;
}

function collect(value: unknown, out: JsonNode[], depth = 0): void {
  if (depth > 20 || value === null || typeof value !== "object") return;
  if (Array.isArray(value)) {
    for (const v of value) collect(v, out, depth + 1);
    return;
  }
  const node = value as JsonNode;
  if ("@type" in node) out.push(node);
  for (const v of Object.values(node)) collect(v, out, depth + 1);
}

export function parseJsonLd(raw: string): JsonLdBlock {
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch (err) {
    return {
      valid: false,
      error: err instanceof Error ? err.message : String(err),
      hasContext: false,
      hasType: false,
      nodes: [],
    };
  }
  const roots = Array.isArray(data) ? data : [data];
  const nodes: JsonNode[] = [];
  collect(data, nodes);
  const hasContext = roots.every((r) => r && typeof r === "object" && isSchemaOrg((r as JsonNode)["@context"]));
  const hasType = roots.every(
    (r) => r && typeof r === "object" && ("@type" in (r as JsonNode) || Array.isArray((r as JsonNode)["@graph"])),
  );
  return { valid: true, error: null, hasContext, hasType, nodes };
}

export function typesOf(node: JsonNode): string[] {
  const t = node["@type"];
  const list = Array.isArray(t) ? t : [t];
  return list.filter((x): x is string => typeof x === "string").map((x) => x.replace(/^https?:\/\/schema\.org\//, ""));
}

export function nodesOfType(blocks: string[], types: readonly string[]): JsonNode[] {
  return blocks.flatMap((raw) => parseJsonLd(raw).nodes).filter((n) => typesOf(n).some((t) => types.includes(t)));
}

/** A string value of a property, also when given as `{ "@id" }`, `{ url }` or `{ name }`, or a list. */
export function stringValue(value: unknown): string | null {
  if (typeof value === "string") return value.trim() || null;
  if (typeof value === "number") return String(value);
  if (Array.isArray(value)) return value.length ? stringValue(value[0]) : null;
  if (value && typeof value === "object") {
    const o = value as JsonNode;
    return stringValue(o.url ?? o["@id"] ?? o.name ?? o.contentUrl);
  }
  return null;
}

/** Offers of a Product: `offers` as one Offer, a list, or an AggregateOffer's `offers`. */
export function offersOf(product: JsonNode): JsonNode[] {
  const raw = product.offers;
  const list = (Array.isArray(raw) ? raw : raw ? [raw] : []).filter((o): o is JsonNode => !!o && typeof o === "object");
  return list.flatMap((o) => (Array.isArray(o.offers) ? (o.offers as JsonNode[]) : [o]));
}

export function offerPrice(offer: JsonNode): string | null {
  const spec = offer.priceSpecification as JsonNode | undefined;
  return stringValue(offer.price ?? offer.lowPrice ?? spec?.price);
}
