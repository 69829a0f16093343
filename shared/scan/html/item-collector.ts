import type { JsonNode } from "../structured-data";
import { decodeAttributeEntities, decodeEntities } from "./entities";
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
  /** "ref": an element with an id outside any item, whose properties an itemref may claim. */
  kind: Kind | "ref";
  node: JsonNode;
  /** The element's id, for a "ref" scope. */
  id?: string;
}

interface Capture {
  text: string;
  done(value: string): void;
}

// Optional end tags (HTML Living Standard §13.1.2.4): an element whose end tag is omitted
// ends where the next of these starts. The HTMLRewriter has no tree: it calls such an
// element's end-tag handler only at its parent's end, so a `<dd itemprop>` value would run
// on through every following `<dt>`/`<dd>`. Which starts end which open element:
const P_CLOSERS = [
  "address",
  "article",
  "aside",
  "blockquote",
  "details",
  "div",
  "dl",
  "fieldset",
  "figcaption",
  "figure",
  "footer",
  "form",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "header",
  "hgroup",
  "hr",
  "main",
  "menu",
  "nav",
  "ol",
  "p",
  "pre",
  "section",
  "table",
  "ul",
];
const ENDS: Record<string, readonly string[]> = {
  li: ["li"],
  dt: ["dt", "dd"],
  dd: ["dt", "dd"],
  td: ["td", "th"],
  th: ["td", "th"],
  tr: ["td", "th", "tr"],
  thead: ["td", "th", "tr"],
  tbody: ["td", "th", "tr", "thead"],
  tfoot: ["td", "th", "tr", "tbody"],
  option: ["option"],
  optgroup: ["option", "optgroup"],
};
for (const closer of P_CLOSERS) ENDS[closer] = [...(ENDS[closer] ?? []), "p"];

/** The element that holds siblings of each kind: a new `<li>` ends only the `<li>` of its own list. */
const CONTAINER_OF: Record<string, string> = {
  li: "list",
  dt: "dl",
  dd: "dl",
  td: "table",
  th: "table",
  tr: "table",
  thead: "table",
  tbody: "table",
  tfoot: "table",
  option: "select",
  optgroup: "select",
  p: "none",
};
const CONTAINERS: Record<string, string> = {
  ul: "list",
  ol: "list",
  menu: "list",
  dl: "dl",
  table: "table",
  select: "select",
};

/** Elements whose start may end an open element, and the containers counted for nesting. */
export const IMPLIED_END_SELECTOR = [...new Set([...Object.keys(ENDS), ...Object.keys(CONTAINERS)])].join(", ");
export const CONTAINER_SELECTOR = Object.keys(CONTAINERS).join(", ");

/** An item scope or a captured value opened on an element whose end tag may be omitted. */
interface OpenElement {
  tag: string;
  /** How deep in its kind of container it was opened. */
  level: number;
  end(): void;
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
  private readonly openElements: OpenElement[] = [];
  private readonly depth: Record<string, number> = { list: 0, dl: 0, table: 0, select: 0, none: 0 };
  /** Properties of elements with an id outside any item (HTML §5.2.5: itemref), by id. */
  private readonly refs = new Map<string, { node: JsonNode; nested: string[] }>();
  private readonly itemrefs: Array<{ node: JsonNode; ids: string[] }> = [];
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

  /** For every chunk of visible text (and a space for each `<br>`). */
  text(chunk: string): void {
    for (const c of this.captures) if (c.text.length < MAX_CAPTURE) c.text += chunk;
  }

  /**
   * For every element of IMPLIED_END_SELECTOR, before `element()`: ends the open
   * elements its start implies the end of (and everything opened inside them), and
   * counts container depth so that a nested list's `<li>` does not end its parent's.
   */
  start(el: ItemElement): void {
    const tag = el.tagName;
    const ends = ENDS[tag];
    if (ends) {
      for (let i = this.openElements.length - 1; i >= 0; i--) {
        const o = this.openElements[i];
        // Same container, not a nested one (a `<p>` cannot hold the elements that end it).
        const sameLevel = o.tag === "p" || (this.depth[CONTAINER_OF[o.tag]] ?? 0) === o.level;
        if (ends.includes(o.tag) && sameLevel) {
          for (const inner of this.openElements.splice(i).reverse()) inner.end();
          break;
        }
      }
    }
    const container = CONTAINERS[tag];
    if (container) {
      this.depth[container]++;
      this.onEnd(el, () => {
        this.depth[container]--;
      });
    }
  }

  /** For every element with an id: outside any item, its properties are kept for an itemref. */
  idElement(el: ItemElement): void {
    const id = el.getAttribute("id");
    if (!id || VOID_ELEMENTS.has(el.tagName) || this.scopes.some((s) => s.kind === "microdata")) return;
    if (this.refs.size >= MAX_ITEMS) return;
    const ref = { node: {} as JsonNode, nested: [] as string[] };
    // An id inside another id'd element: an itemref to the outer one takes the inner's properties too.
    for (const s of this.scopes) if (s.kind === "ref" && s.id) this.refs.get(s.id)?.nested.push(id);
    if (!this.refs.has(id)) this.refs.set(id, ref);
    const scope: Scope = { kind: "ref", node: ref.node, id };
    this.scopes.push(scope);
    this.closeWith(el, () => {
      const at = this.scopes.lastIndexOf(scope);
      if (at >= 0) this.scopes.splice(at, 1);
    });
  }

  /** After the pass: each itemref'd element's properties join the item that names it. */
  finish(): void {
    const claimed = new Set<unknown>();
    for (const { node, ids } of this.itemrefs) {
      const seen = new Set<string>();
      const visit = (id: string) => {
        const ref = this.refs.get(id);
        if (!ref || seen.has(id)) return;
        seen.add(id);
        for (const [k, v] of Object.entries(ref.node)) {
          for (const value of Array.isArray(v) ? v : [v]) {
            addProperty(node, k, value);
            claimed.add(value);
          }
        }
        for (const inner of ref.nested) visit(inner);
      };
      for (const id of ids) visit(id);
    }
    if (claimed.size === 0) return;
    const kept = this.microdata.filter((item) => !claimed.has(item));
    this.microdata.splice(0, this.microdata.length, ...kept);
  }

  /** Registers `end` for the element's end, or for an earlier implied end, whichever comes first. */
  private closeWith(el: ItemElement, end: () => void): void {
    let ended = false;
    const once = () => {
      if (ended) return;
      ended = true;
      end();
      const at = this.openElements.indexOf(open);
      if (at >= 0) this.openElements.splice(at, 1);
    };
    const open: OpenElement = {
      tag: el.tagName,
      level: this.depth[CONTAINER_OF[el.tagName] ?? "none"] ?? 0,
      end: once,
    };
    if (CONTAINER_OF[el.tagName]) this.openElements.push(open);
    this.onEnd(el, once);
  }

  /** The innermost open item of `kind`; with `refs`, an id'd element outside any item counts too. */
  private parent(kind: Kind, refs = false): JsonNode | null {
    for (let i = this.scopes.length - 1; i >= 0; i--) {
      const s = this.scopes[i];
      if (s.kind === kind) return s.node;
      if (refs && s.kind === "ref") return s.node;
    }
    return null;
  }

  private open(kind: Kind, el: ItemElement, node: JsonNode, props: string[], parent: JsonNode | null): void {
    if (this.count++ >= MAX_ITEMS) return;
    if (parent && props.length > 0) for (const p of props) addProperty(parent, p, node);
    else {
      (kind === "microdata" ? this.microdata : this.rdfa).push(node);
      // A property item inside an id'd element: an itemref may claim it (then it is no longer top-level).
      const ref = kind === "microdata" && props.length > 0 ? this.parent("microdata", true) : null;
      if (ref) for (const p of props) addProperty(ref, p, node);
    }
    if (VOID_ELEMENTS.has(el.tagName)) return;
    const scope: Scope = { kind, node };
    this.scopes.push(scope);
    this.closeWith(el, () => {
      const at = this.scopes.lastIndexOf(scope);
      if (at >= 0) this.scopes.splice(at, 1);
    });
  }

  private value(kind: Kind, el: ItemElement, parent: JsonNode, props: string[]): void {
    const fixed = attributeValue(el, kind);
    if (fixed !== null || VOID_ELEMENTS.has(el.tagName)) {
      for (const p of props) addProperty(parent, p, decodeAttributeEntities(fixed ?? "").trim());
      return;
    }
    const capture: Capture = {
      text: "",
      done: (value) => {
        for (const p of props) addProperty(parent, p, value);
      },
    };
    this.captures.push(capture);
    this.closeWith(el, () => {
      const at = this.captures.indexOf(capture);
      if (at >= 0) this.captures.splice(at, 1);
      capture.done(decodeEntities(capture.text).replace(/\s+/g, " ").trim());
    });
  }

  private microdataElement(el: ItemElement): void {
    const props = (el.getAttribute("itemprop") ?? "").split(/\s+/).filter(Boolean);
    if (el.hasAttribute("itemscope")) {
      // A nested item outside any item stays a top-level item (as before itemref was read).
      const parent = this.parent("microdata");
      const types = (el.getAttribute("itemtype") ?? "").split(/\s+/).filter(Boolean);
      const node = typeNode(types);
      const ids = (el.getAttribute("itemref") ?? "").split(/\s+/).filter(Boolean);
      if (ids.length > 0) this.itemrefs.push({ node, ids });
      this.open("microdata", el, node, props, parent);
      return;
    }
    const parent = this.parent("microdata", true);
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
