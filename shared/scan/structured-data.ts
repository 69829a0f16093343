import type { PageFacts } from "./types";

// The one structured-data model of a page, shared by the identity and content checks:
// JSON-LD blocks, microdata items and schema.org RDFa items, all shaped as JSON-LD nodes
// (microdata and RDFa are read into that shape by html/item-collector.ts). Every object
// with an `@type` anywhere (top level, arrays, `@graph`, nested values such as a
// Product's Offer) is a node.

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

export type StructuredSource = "json-ld" | "microdata" | "rdfa";

export interface StructuredItem {
  source: StructuredSource;
  node: JsonNode;
}

const itemsCache = new WeakMap<PageFacts, StructuredItem[]>();

/** Every typed node of a page from all three syntaxes, nested ones included. */
export function structuredItems(page: PageFacts | null | undefined): StructuredItem[] {
  if (!page) return [];
  const cached = itemsCache.get(page);
  if (cached) return cached;
  const items: StructuredItem[] = [];
  for (const raw of page.jsonLd) for (const node of parseJsonLd(raw).nodes) items.push({ source: "json-ld", node });
  for (const [source, roots] of [
    ["microdata", page.microdata],
    ["rdfa", page.rdfa],
  ] as const) {
    const nodes: JsonNode[] = [];
    collect(roots, nodes);
    for (const node of nodes) items.push({ source, node });
  }
  itemsCache.set(page, items);
  return items;
}

/** Typed nodes of a page (any syntax) whose `@type` is one of `types`. */
export function itemsOfType(page: PageFacts | null | undefined, types: readonly string[]): StructuredItem[] {
  return structuredItems(page).filter((i) => typesOf(i.node).some((t) => types.includes(t)));
}

export function nodesOfType(page: PageFacts | null | undefined, types: readonly string[]): JsonNode[] {
  return itemsOfType(page, types).map((i) => i.node);
}

/** schema.org types that describe a product (ProductGroup and its variants count). */
export const PRODUCT_TYPES = ["Product", "ProductGroup", "IndividualProduct", "ProductModel", "Vehicle", "Book"];

/** Top-level nodes: JSON-LD roots, `@graph` members and `mainEntity`s, microdata and RDFa root items. */
function topLevelNodes(page: PageFacts): JsonNode[] {
  const out: JsonNode[] = [];
  const add = (value: unknown) => {
    for (const v of Array.isArray(value) ? value : [value]) {
      if (!v || typeof v !== "object") continue;
      const node = v as JsonNode;
      if (Array.isArray(node["@graph"])) add(node["@graph"]);
      if ("@type" in node) out.push(node);
      if (node.mainEntity) add(node.mainEntity);
    }
  };
  for (const raw of page.jsonLd) {
    try {
      add(JSON.parse(raw));
    } catch {
      // An invalid block declares nothing; structured_data_valid reports it.
    }
  }
  add(page.microdata);
  add(page.rdfa);
  return out;
}

/**
 * Whether a page says it is a product page: `og:type` product, a platform's product-page
 * marker, or exactly one product described at its top level (a listing describes many).
 */
export function declaresProduct(page: PageFacts | null | undefined): boolean {
  if (!page) return false;
  const ogType = (page.meta["og:type"] ?? "").trim().toLowerCase();
  if (ogType === "product" || ogType === "og:product" || ogType === "product.item" || page.platformProduct) return true;
  const products = topLevelNodes(page).filter((n) => typesOf(n).some((t) => PRODUCT_TYPES.includes(t)));
  const names = new Set(products.map((n) => stringValue(n.name) ?? stringValue(n.url) ?? ""));
  return products.length > 0 && names.size === 1;
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

// Price types that are not what a buyer pays now (schema.org PriceTypeEnumeration).
const NOT_SELLING = /(StrikethroughPrice|ListPrice|MSRP|SRP|InvoicePrice|MinimumAdvertisedPrice)$/i;

/**
 * The PriceSpecification that states an Offer's selling price. Google's merchant-listing
 * guide prices an Offer through a list of UnitPriceSpecifications: the one without
 * `priceType` and without `validForMemberTier` is the price everyone pays, a
 * `priceType` of StrikethroughPrice (or ListPrice) the former or list price, one with
 * `validForMemberTier` a loyalty-program member price
 * (developers.google.com/search/docs/appearance/structured-data/merchant-listing,
 * "Pricing"; schema.org/validForMemberTier). Falls back to the first spec with a price.
 */
export function sellingPriceSpec(offer: JsonNode): JsonNode | null {
  const raw = offer.priceSpecification;
  const specs = (Array.isArray(raw) ? raw : raw ? [raw] : []).filter(
    (x): x is JsonNode => !!x && typeof x === "object" && stringValue((x as JsonNode).price) !== null,
  );
  const selling = specs.find((sp) => {
    const type = stringValue(sp.priceType);
    return (!type || !NOT_SELLING.test(type)) && sp.validForMemberTier === undefined;
  });
  return selling ?? specs[0] ?? null;
}

export function offerPrice(offer: JsonNode): string | null {
  return stringValue(offer.price ?? offer.lowPrice ?? sellingPriceSpec(offer)?.price);
}

/** The Offer's currency, from the Offer or from the PriceSpecification its price came from. */
export function offerCurrency(offer: JsonNode): string | null {
  const own = stringValue(offer.price ?? offer.lowPrice) !== null ? stringValue(offer.priceCurrency) : null;
  return own ?? stringValue(offer.priceCurrency) ?? stringValue(sellingPriceSpec(offer)?.priceCurrency);
}
