import type { JsonNode } from "../structured-data";
import { decodeEntities } from "./entities";
import { VOID_ELEMENTS } from "./void-elements";

// Microdata (HTML Living Standard §5.2 "Microdata") and RDFa Lite (W3C RDFa Lite 1.1) read
// during the page's one streaming pass, into the same shape as JSON-LD nodes: an object with
// "@type", "@context" and one key per property; a nested item is an object value, repeated
// properties are arrays. The checks then read every source through one model
// (structured-data.ts).

const SCHEMA_ORG = /^https?:\/\/schema\.org\//i;
const MAX_CAPTURE = 4000;
const MAX_ITEMS = 2000;

/** The element interface the collector needs (a subset of HTMLRewriter's Element). */
export interface ItemElement {
  tagName: string;
  getAttribute(name: string): string | null;
  hasAttribute(name: string): boolean;
  onEndTag(handler: () => void): void;
}

type Kind = "microdata" | "rdfa";

interface Scope {
  kind: Kind;
  node: JsonNode;
}

interface Capture {
  text: string;
  done(value: string): void;
}

/** The value an element gives a property without reading its text (HTML §5.2.4 "Values"). */
function attributeValue(el: ItemElement, kind: Kind): string | null {
  const content = el.getAttribute("content");
  if (content !== null) return content;
  if (kind === "rdfa") {
    const resource = el.getAttribute("resource");
    if (resource !== null) return resource;
  }
  switch (el.tagName) {
    case "a":
    case "area":
    case "link":
      return el.getAttribute("href");
    case "img":
    case "audio":
    case "video":
    case "source":
    case "iframe":
    case "embed":
    case "track":
      return el.getAttribute("src");
    case "object":
      return el.getAttribute("data");
    case "time":
      return el.getAttribute("datetime");
    case "data":
    case "meter":
      return el.getAttribute("value");
    default:
      return null;
  }
}

function addProperty(node: JsonNode, name: string, value: unknown): void {
  if (!name) return;
  const current = node[name];
  if (current === undefined) node[name] = value;
  else if (Array.isArray(current)) current.push(value);
  else node[name] = [current, value];
}

function typeNode(types: string[]): JsonNode {
  const short = types.map((t) => t.replace(SCHEMA_ORG, ""));
  const schema = types.length > 0 && types.every((t) => SCHEMA_ORG.test(t) || !t.includes(":"));
  const node: JsonNode = { "@type": short.length === 1 ? short[0] : short };
  if (schema) node["@context"] = "https://schema.org";
  else if (types[0]) node["@context"] = types[0].replace(/[^/#]+$/, "");
  return node;
}

export class ItemCollector {
  /** Top-level items of each syntax, in document order. */
  readonly microdata: JsonNode[] = [];
  readonly rdfa: JsonNode[] = [];
  private readonly scopes: Scope[] = [];
  private readonly captures: Capture[] = [];
  private schemaVocab = false;
  private count = 0;
  /** How end-tag callbacks are registered (the extractor shares one end-tag handler per element). */
  onEnd: (el: ItemElement, handler: () => void) => void = (el, handler) => el.onEndTag(handler);

  /** For every element carrying itemscope, itemprop, typeof, property or vocab. */
  element(el: ItemElement): void {
    const vocab = el.getAttribute("vocab");
    if (vocab && SCHEMA_ORG.test(vocab.trim().endsWith("/") ? vocab.trim() : `${vocab.trim()}/`)) {
      // Applied document-wide: without a tree, inheritance cannot be followed exactly.
      this.schemaVocab = true;
    }
    if (el.hasAttribute("itemscope") || el.hasAttribute("itemprop")) this.microdataElement(el);
    if (el.hasAttribute("typeof") || el.hasAttribute("property")) this.rdfaElement(el);
  }

  /** For every chunk of visible text. */
  text(chunk: string): void {
    for (const c of this.captures) if (c.text.length < MAX_CAPTURE) c.text += chunk;
  }

  private parent(kind: Kind): JsonNode | null {
    for (let i = this.scopes.length - 1; i >= 0; i--) if (this.scopes[i].kind === kind) return this.scopes[i].node;
    return null;
  }

  private open(kind: Kind, el: ItemElement, node: JsonNode, props: string[], parent: JsonNode | null): void {
    if (this.count++ >= MAX_ITEMS) return;
    if (parent && props.length > 0) for (const p of props) addProperty(parent, p, node);
    else (kind === "microdata" ? this.microdata : this.rdfa).push(node);
    if (VOID_ELEMENTS.has(el.tagName)) return;
    const scope: Scope = { kind, node };
    this.scopes.push(scope);
    this.onEnd(el, () => {
      const at = this.scopes.lastIndexOf(scope);
      if (at >= 0) this.scopes.splice(at, 1);
    });
  }

  private value(kind: Kind, el: ItemElement, parent: JsonNode, props: string[]): void {
    const fixed = attributeValue(el, kind);
    if (fixed !== null || VOID_ELEMENTS.has(el.tagName)) {
      for (const p of props) addProperty(parent, p, decodeEntities(fixed ?? "").trim());
      return;
    }
    const capture: Capture = {
      text: "",
      done: (value) => {
        for (const p of props) addProperty(parent, p, value);
      },
    };
    this.captures.push(capture);
    this.onEnd(el, () => {
      const at = this.captures.indexOf(capture);
      if (at >= 0) this.captures.splice(at, 1);
      capture.done(decodeEntities(capture.text).replace(/\s+/g, " ").trim());
    });
  }

  private microdataElement(el: ItemElement): void {
    const props = (el.getAttribute("itemprop") ?? "").split(/\s+/).filter(Boolean);
    const parent = this.parent("microdata");
    if (el.hasAttribute("itemscope")) {
      const types = (el.getAttribute("itemtype") ?? "").split(/\s+/).filter(Boolean);
      this.open("microdata", el, typeNode(types), props, parent);
      return;
    }
    if (parent && props.length > 0) this.value("microdata", el, parent, props);
  }

  /** RDFa terms of schema.org: `schema:Product`, `https://schema.org/Product`, or `Product` under a schema.org vocab. */
  private schemaTerm(term: string): string | null {
    if (SCHEMA_ORG.test(term)) return term;
    if (term.startsWith("schema:")) return `https://schema.org/${term.slice(7)}`;
    if (!term.includes(":") && this.schemaVocab) return `https://schema.org/${term}`;
    return null;
  }

  private rdfaElement(el: ItemElement): void {
    const props = (el.getAttribute("property") ?? "")
      .split(/\s+/)
      .map((p) => this.schemaTerm(p)?.replace(SCHEMA_ORG, ""))
      .filter((p): p is string => !!p);
    const parent = this.parent("rdfa");
    const typeofAttr = el.getAttribute("typeof");
    if (typeofAttr !== null) {
      const types = typeofAttr
        .split(/\s+/)
        .map((t) => this.schemaTerm(t))
        .filter((t): t is string => !!t);
      // A typeof of another vocabulary (og:, foaf:, ...) is no schema.org item.
      if (types.length === 0) return;
      this.open("rdfa", el, typeNode(types), props, parent);
      return;
    }
    if (parent && props.length > 0) this.value("rdfa", el, parent, props);
  }
}
