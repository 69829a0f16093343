import { countText } from "../../display/count-text";
import type { Fetched } from "../types";

// What a feed holds, judged from its first 2 MB (the crawl's response cap; a product feed
// names its products from the first item on, so the head is enough to tell):
// - Google Merchant Center RSS 2.0 / Atom 1.0 product data: items in the namespace
//   http://base.google.com/ns/1.0 carrying `id` and `price`
//   (support.google.com/merchants/answer/14987622 "RSS 2.0 specification", and its Atom 1.0 twin);
// - a delimited (TSV/CSV) product file whose header names an id, a title and a price column,
//   as Merchant Center's text feeds and OpenAI's product feed (developers.openai.com/commerce/specs/feed,
//   "Basic product data": `id`/`item_id`, `title`, `price`) are written;
// - JSON: a Shopify-style `{ "products": [...] }`, schema.org `Product`s (a JSON-LD list, an
//   `ItemList` or a `DataFeed` of them), or an array/`items` of records with id, title and price;
// - JSON Lines with one such record per line (OpenAI's feed allows it).
// Anything else (an RSS or Atom feed of posts, a JSON Feed of articles) is a feed but holds
// no products, which is what a WordPress blog serves at /feed/.

export type FeedFormat = "merchant-rss" | "merchant-atom" | "rss" | "atom" | "delimited" | "json" | "jsonl" | "unknown";

export interface FeedContent {
  format: FeedFormat;
  /** Entries the feed lists (items, entries, rows, records). */
  items: number;
  /** Of those, entries that describe a product (an id and a price, or a schema.org Product). */
  products: number;
  /** The feed says it is a product feed (Google's namespace, a product header, a `products` list) whatever its entries hold. */
  declared: boolean;
  /** Why the entries are not products, or what could not be read; null when they are. */
  reason: string | null;
}

const GOOGLE_NS = "http://base.google.com/ns/1.0";
const ID_COLUMNS = new Set(["id", "item_id", "sku", "product_id", "g:id"]);
const TITLE_COLUMNS = new Set(["title", "name", "product_name", "g:title"]);
const PRICE_COLUMNS = new Set(["price", "sale_price", "g:price"]);

function escapeRe(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The prefix bound to Google's product namespace (`g` in Google's examples, but any name binds it). */
function googlePrefix(xml: string): string | null {
  const m = new RegExp(`xmlns:([\\w.-]+)\\s*=\\s*["']${escapeRe(GOOGLE_NS)}/?["']`).exec(xml);
  return m ? m[1] : null;
}

function readXml(text: string): FeedContent {
  // Comments may quote markup (`<item>`) that is none.
  const xml = text.replace(/<!--[\s\S]*?-->/g, "");
  const root = /<(?:[\w.-]+:)?(rss|feed|rdf:RDF)[\s>]/i.exec(xml)?.[1]?.toLowerCase();
  const atom = root === "feed";
  const entryTag = atom ? "entry" : "item";
  const chunks = xml.split(new RegExp(`<(?:[\\w.-]+:)?${entryTag}[\\s>]`, "i")).slice(1);
  const prefix = googlePrefix(xml);
  if (prefix) {
    const p = escapeRe(prefix);
    const hasId = new RegExp(`<${p}:id[\\s>]`);
    const hasPrice = new RegExp(`<${p}:(?:sale_)?price[\\s>]`);
    const products = chunks.filter((c) => hasId.test(c) && hasPrice.test(c)).length;
    return {
      format: atom ? "merchant-atom" : "merchant-rss",
      items: chunks.length,
      products,
      declared: true,
      reason:
        products > 0
          ? null
          : chunks.length === 0
            ? "it declares Google's product namespace but lists no items"
            : `none of its ${chunks.length} ${entryTag}s has both ${prefix}:id and ${prefix}:price`,
    };
  }
  if (root === "rss" || root === "rdf:rdf" || atom) {
    const kind = atom ? "Atom" : "RSS";
    return {
      format: atom ? "atom" : "rss",
      items: chunks.length,
      products: 0,
      declared: false,
      reason: `it is an ${kind} feed of ${chunks.length} ${entryTag}${chunks.length === 1 ? "" : "s"} with no product data (no ${GOOGLE_NS} namespace, so no id or price per ${entryTag}): a feed of posts, not of products`,
    };
  }
  return { format: "unknown", items: 0, products: 0, declared: false, reason: "it is XML but neither RSS nor Atom" };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === "object" && !Array.isArray(v);
}

function typeNames(node: Record<string, unknown>): string[] {
  return [node["@type"]].flat().filter((t): t is string => typeof t === "string");
}

/** A JSON record that describes a product: a schema.org Product, or an id, a title and a price. */
function isProductRecord(v: unknown): boolean {
  if (!isRecord(v)) return false;
  if (typeNames(v).some((t) => /(^|[/:])(Product|ProductGroup|IndividualProduct)$/.test(t))) return true;
  const keys = new Set(Object.keys(v).map((k) => k.toLowerCase()));
  const has = (set: Set<string>) => [...set].some((k) => keys.has(k));
  // Shopify's products.json keeps prices on variants.
  const priced = has(PRICE_COLUMNS) || keys.has("offers") || keys.has("variants") || keys.has("prices");
  return has(ID_COLUMNS) && has(TITLE_COLUMNS) && priced;
}

/** The entries of a JSON feed: products[], items[], @graph, itemListElement, dataFeedElement or a top-level array. */
function jsonEntries(data: unknown): unknown[] {
  if (Array.isArray(data)) return data;
  if (!isRecord(data)) return [];
  for (const key of ["products", "items", "@graph", "itemListElement", "dataFeedElement"]) {
    const list = data[key];
    if (Array.isArray(list)) return list.map((e) => (isRecord(e) && isRecord(e.item) ? e.item : e));
  }
  return [data];
}

function readJson(text: string): FeedContent {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    const lines = text.split("\n").filter((l) => l.trim());
    const records: unknown[] = [];
    for (const line of lines) {
      try {
        records.push(JSON.parse(line));
      } catch {
        // A cut last line of a 2 MB head is expected; stop there.
        break;
      }
    }
    if (records.length === 0)
      return { format: "unknown", items: 0, products: 0, declared: false, reason: "it is not valid JSON" };
    const products = records.filter(isProductRecord).length;
    return {
      format: "jsonl",
      items: records.length,
      products,
      declared: false,
      reason: products > 0 ? null : `none of its ${records.length} JSON lines has an id, a title and a price`,
    };
  }
  const entries = jsonEntries(data);
  const products = entries.filter(isProductRecord).length;
  return {
    format: "json",
    items: entries.length,
    products,
    declared: isRecord(data) && Array.isArray(data.products),
    reason:
      products > 0
        ? null
        : entries.length === 0
          ? "it is JSON that lists no entries"
          : `none of its ${countText(entries.length, "entry", "entries")} is a schema.org Product or has an id, a title and a price`,
  };
}

function readDelimited(text: string): FeedContent {
  const lines = text.split(/\r?\n/).filter((l) => l.trim());
  const header = lines[0] ?? "";
  const sep = header.includes("\t") ? "\t" : header.includes(",") ? "," : header.includes(";") ? ";" : null;
  if (!sep)
    return {
      format: "unknown",
      items: 0,
      products: 0,
      declared: false,
      reason: "it is neither XML, JSON nor a delimited file",
    };
  const columns = header.split(sep).map((c) => c.trim().replace(/^"|"$/g, "").toLowerCase());
  const has = (set: Set<string>) => columns.some((c) => set.has(c));
  const rows = lines.length - 1;
  const productHeader = has(ID_COLUMNS) && has(TITLE_COLUMNS) && has(PRICE_COLUMNS);
  return {
    format: "delimited",
    items: rows,
    products: productHeader ? rows : 0,
    declared: productHeader,
    reason: productHeader
      ? rows > 0
        ? null
        : "its header names product columns but no row follows"
      : `its header (${columns.slice(0, 6).join(", ")}${columns.length > 6 ? ", …" : ""}) names no id, title and price columns`,
  };
}

/** What a fetched feed holds: its format, how many entries and how many of them are products. */
export function readProductFeed(f: Fetched): FeedContent {
  const text = f.body.replace(/^\uFEFF/, "");
  const head = text.trimStart().slice(0, 1);
  const type = f.contentType.toLowerCase();
  if (type.includes("html") || /^\s*(<!doctype html|<html)/i.test(text.slice(0, 200)))
    return { format: "unknown", items: 0, products: 0, declared: false, reason: "it answers an HTML page, not a feed" };
  if (head === "<" || /xml|rss|atom/.test(type)) return readXml(text);
  if (head === "{" || head === "[" || /json/.test(type)) return readJson(text);
  return readDelimited(text);
}
