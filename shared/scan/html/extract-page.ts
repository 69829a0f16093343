import type { ControlFacts, FormFacts, InputFacts, PageFacts } from "../types";
import { CAPTCHA_MARKERS } from "./captcha";
import { decodeAttributeEntities, decodeEntities } from "./entities";
import { CONTAINER_SELECTOR, IMPLIED_END_SELECTOR, ItemCollector } from "./item-collector";
import { VOID_ELEMENTS } from "./void-elements";

// One streaming pass of the runtime's HTMLRewriter over a page (no DOM library), in
// document order: element handlers open and close scopes (form, label, button, link,
// item), the document text handler routes each text chunk to the open scopes.
//
// Rules that keep real markup from killing the pass:
// - an element's attributes are read only inside its element handler (the token is dead
//   once the handler returns; an end-tag handler may use only what was copied out);
// - every handler is wrapped: one that throws is recorded in `problems` and the pass goes
//   on, so a page is never "unreadable" because of one odd element;
// - end-tag handlers are never registered on void elements (that throws).

const MAX_TEXT = 200_000;
const MAX_PROBLEMS = 5;
/**
 * At most this many handler calls (elements a handler below selects, and runs of text)
 * per page; the rest of the page is not read (a problem says so). A safety bound on the
 * pass's time: each call crosses from the parser into JavaScript, and a 2 MB page of
 * 13-byte paragraphs (160,000 elements) once took the pass over 25 s on a loaded machine.
 * The shared real-shop pages need under 10,000 (2,070 elements on the largest, 232 KB).
 */
export const MAX_HANDLER_CALLS = 100_000;
/** The page is fed to the parser in pieces of this size, so the bound is checked as it reads. */
const FEED_BYTES = 64 * 1024;
const APP_ROOT_IDS = new Set(["root", "app", "__next", "__nuxt", "svelte", "___gatsby"]);
// Custom elements that mount a client-rendered application (Angular/SAP Spartacus, web components).
const APP_ROOT_TAGS = ["app-root", "cx-storefront"];

// Every element some handler below needs the end tag of (keep in step with them): the
// first handler starts a fresh list of end-tag callbacks for each of these.
// Elements whose text a person does not see without interacting: the `hidden`
// attribute, inline display:none / visibility:hidden, and tooltips (WAI-ARIA role=tooltip,
// shown only on hover or focus).
const HIDDEN_SELECTOR = "[hidden], [style], [role=tooltip]";

const END_TAG_ELEMENTS = [
  "title",
  "script, style, template, noscript",
  "[itemscope], [itemprop], [typeof], [property]",
  "h1",
  "search, [role=search]",
  "form",
  "label",
  "button",
  "a",
  "[onclick], div[role=button], span[role=button]",
  CONTAINER_SELECTOR,
  "[id]",
  HIDDEN_SELECTOR,
].join(", ");

// Platform markers of a product page, in the raw HTML: Shopify's analytics meta
// (`"pageType":"product"`), Magento's `catalog-product-view`, Shopware's `is--ctl-detail`,
// WooCommerce's `single-product` body classes.
const PRODUCT_BODY_CLASS = /(^|\s)(catalog-product-view|is--ctl-detail|single-product|template-product)(\s|$)/;
const SHOPIFY_PRODUCT = /"pageType"\s*:\s*"product"/;

function collapse(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** Text not shown: the `hidden` attribute, an inline display:none or visibility:hidden, a tooltip. */
function hidesText(el: Element): boolean {
  return (
    el.hasAttribute("hidden") ||
    /display\s*:\s*none|visibility\s*:\s*hidden/i.test(el.getAttribute("style") ?? "") ||
    (el.getAttribute("role") ?? "").toLowerCase() === "tooltip"
  );
}

/** Hidden from people: the `hidden` attribute, `aria-hidden="true"`, or an inline display:none. */
function isHidden(el: Element): boolean {
  return (
    el.hasAttribute("hidden") ||
    el.getAttribute("aria-hidden") === "true" ||
    /display\s*:\s*none/i.test(el.getAttribute("style") ?? "")
  );
}

function emptyFacts(): PageFacts {
  return {
    title: null,
    metaDescription: null,
    lang: null,
    canonical: null,
    meta: {},
    headLinks: [],
    links: [],
    jsonLd: [],
    microdata: [],
    rdfa: [],
    bodyClass: "",
    platformProduct: false,
    problems: [],
    forms: [],
    looseControls: [],
    clickables: [],
    labelFor: [],
    images: [],
    h1: [],
    text: "",
    captchas: [],
    appRoot: false,
  };
}

/** A form's WebMCP declarative tool: registered only when it has both a name and a description. */
function toolOf(el: Element): FormFacts["tool"] {
  const name = el.getAttribute("toolname")?.trim();
  const description = el.getAttribute("tooldescription")?.trim();
  return name && description ? { name, description, autosubmit: el.hasAttribute("toolautosubmit") } : null;
}

export async function extractPage(
  html: string,
  limits: { maxHandlerCalls: number } = { maxHandlerCalls: MAX_HANDLER_CALLS },
): Promise<PageFacts> {
  const facts = emptyFacts();
  let calls = 0;
  const items = new ItemCollector();
  const textParts: string[] = [];
  const visibleParts: string[] = [];
  let textLength = 0;
  let nodeText = "";
  let nodeVisible = "";
  let unseen = 0; // inside an element whose text is not shown (hidesText)
  let hidden = 0; // inside script/style/template/title: not visible text
  let labelDepth = 0;
  let searchDepth = 0;
  let form: FormFacts | null = null;
  let control: ControlFacts | null = null;
  let link: { text: string; images: string[] } | null = null;
  let title: string | null = null;
  let h1: string | null = null;
  let jsonLd: string | null = null;
  let clickable: { text: string } | null = null;
  const captchas = new Set<string>();
  const noteCaptcha = (value: string) => {
    for (const [name, re] of CAPTCHA_MARKERS) if (re.test(value)) captchas.add(name);
  };
  const problem = (where: string, err: unknown) => {
    if (facts.problems.length < MAX_PROBLEMS) {
      facts.problems.push(`${where}: ${err instanceof Error ? err.message : String(err)}`);
    }
  };
  // Every handler total: a failure is noted and the rest of the page is still read.
  const on = (selector: string, handler: (el: Element) => void) => ({
    selector,
    handlers: {
      element(el: Element) {
        calls++;
        try {
          handler(el);
        } catch (err) {
          problem(`<${el.tagName}>`, err);
        }
      },
    },
  });
  // lol-html keeps one end-tag handler per element: a second onEndTag replaces the first.
  // Several handlers here need the end of the same element (an <a itemprop> is a link and a
  // property), so the callbacks of the current element are gathered and registered as one.
  // The first handler, on every element any handler below needs the end of, starts a new list.
  let endCallbacks: Array<() => void> = [];
  const onEnd = (el: Element, handler: () => void) => {
    if (VOID_ELEMENTS.has(el.tagName)) return;
    endCallbacks.push(handler);
    const callbacks = endCallbacks;
    el.onEndTag(() => {
      for (const callback of callbacks) {
        try {
          callback();
        } catch (err) {
          problem(`</${el.tagName}>`, err);
        }
      }
    });
  };
  items.onEnd = (el, handler) => onEnd(el as Element, handler);

  const handlers = [
    on(END_TAG_ELEMENTS, () => {
      endCallbacks = [];
    }),
    on("html", (el) => {
      if (facts.lang === null) facts.lang = el.getAttribute("lang") ?? el.getAttribute("xml:lang");
    }),
    on("body", (el) => {
      facts.bodyClass = el.getAttribute("class") ?? "";
    }),
    on("title", (el) => {
      // An SVG <title> (icon names) is not the document's title.
      if (facts.title !== null || title !== null) {
        hidden++;
        onEnd(el, () => {
          hidden--;
        });
        return;
      }
      title = "";
      hidden++;
      onEnd(el, () => {
        if (facts.title === null) facts.title = collapse(decodeEntities(title ?? ""));
        title = null;
        hidden--;
      });
    }),
    on("script, style, template, noscript", (el) => {
      const type = (el.getAttribute("type") ?? "").toLowerCase();
      noteCaptcha(el.getAttribute("src") ?? "");
      const isJsonLd = el.tagName === "script" && type === "application/ld+json";
      if (isJsonLd) jsonLd = "";
      hidden++;
      onEnd(el, () => {
        if (isJsonLd && jsonLd !== null) facts.jsonLd.push(jsonLd);
        if (isJsonLd) jsonLd = null;
        hidden--;
      });
    }),
    on("meta", (el) => {
      const key = (el.getAttribute("property") ?? el.getAttribute("name") ?? "").toLowerCase();
      const content = el.getAttribute("content");
      if (!key || content === null) return;
      if (!(key in facts.meta)) facts.meta[key] = decodeAttributeEntities(content);
      if (key === "description" && facts.metaDescription === null)
        facts.metaDescription = decodeAttributeEntities(content);
    }),
    on("link", (el) => {
      const rel = (el.getAttribute("rel") ?? "").toLowerCase();
      const href = el.getAttribute("href") ?? "";
      facts.headLinks.push({ rel, href, type: (el.getAttribute("type") ?? "").toLowerCase(), text: "" });
      if (rel.split(/\s+/).includes("canonical") && facts.canonical === null) facts.canonical = href;
    }),
    // Before the items: an element's start may end an open one whose end tag was omitted,
    // and an id'd element may hold properties an itemref claims.
    on(IMPLIED_END_SELECTOR, (el) => {
      items.start(el);
    }),
    on("[id]", (el) => {
      items.idElement(el);
    }),
    on("[itemscope], [itemprop], [typeof], [property], [vocab]", (el) => {
      items.element(el);
    }),
    on(HIDDEN_SELECTOR, (el) => {
      if (VOID_ELEMENTS.has(el.tagName) || !hidesText(el)) return;
      unseen++;
      onEnd(el, () => {
        unseen--;
      });
    }),
    on("br", () => {
      // A line break separates words: "Größe M<br>Blau" is two words, not "MBlau".
      routeText(" ");
    }),
    on("[id]", (el) => {
      if (APP_ROOT_IDS.has(el.getAttribute("id") ?? "")) facts.appRoot = true;
    }),
    on("[class]", (el) => {
      noteCaptcha(el.getAttribute("class") ?? "");
    }),
    on("iframe", (el) => {
      noteCaptcha(el.getAttribute("src") ?? "");
    }),
    on(APP_ROOT_TAGS.join(", "), () => {
      facts.appRoot = true;
    }),
    on("h1", (el) => {
      h1 = "";
      onEnd(el, () => {
        facts.h1.push(collapse(decodeEntities(h1 ?? "")));
        h1 = null;
      });
    }),
    on("search, [role=search]", (el) => {
      if (VOID_ELEMENTS.has(el.tagName)) return;
      searchDepth++;
      if (el.tagName === "form") return; // a form with role=search is handled as a form
      onEnd(el, () => {
        searchDepth--;
      });
    }),
    on("form", (el) => {
      const role = (el.getAttribute("role") ?? "").toLowerCase();
      const current: FormFacts = {
        action: el.getAttribute("action"),
        name: el.getAttribute("name") ?? "",
        id: el.getAttribute("id") ?? "",
        method: (el.getAttribute("method") ?? "get").toLowerCase(),
        role,
        inSearchLandmark: searchDepth > 0,
        inputs: [],
        controls: [],
        hiddenNames: [],
        tool: toolOf(el),
      };
      form = current;
      facts.forms.push(current);
      onEnd(el, () => {
        if (role === "search") searchDepth--;
        form = null;
      });
    }),
    on("label", (el) => {
      const target = el.getAttribute("for");
      if (target) facts.labelFor.push(target);
      labelDepth++;
      onEnd(el, () => {
        labelDepth--;
      });
    }),
    on("input, select, textarea", (el) => {
      const tag = el.tagName as "input" | "select" | "textarea";
      const type = (el.getAttribute("type") ?? (tag === "input" ? "text" : tag)).toLowerCase();
      if (tag === "input" && (type === "submit" || type === "image" || type === "button")) {
        const c: ControlFacts = {
          tag: "input",
          type,
          text: "",
          ariaLabel: el.getAttribute("aria-label") ?? "",
          value: el.getAttribute("value") ?? el.getAttribute("alt") ?? "",
          title: el.getAttribute("title") ?? "",
          href: "",
          inForm: form !== null,
          onclick: el.hasAttribute("onclick"),
        };
        if (form) form.controls.push(c);
        else facts.looseControls.push(c);
        return;
      }
      if (form && type === "hidden") {
        const name = el.getAttribute("name");
        if (name) form.hiddenNames?.push(name);
        return;
      }
      if (!form) return;
      const input: InputFacts = {
        tag,
        type,
        name: el.getAttribute("name") ?? "",
        id: el.getAttribute("id") ?? "",
        labelled:
          labelDepth > 0 ||
          Boolean(el.getAttribute("aria-label")?.trim()) ||
          Boolean(el.getAttribute("aria-labelledby")?.trim()) ||
          Boolean(el.getAttribute("title")?.trim()),
        hidden: isHidden(el),
        placeholder: el.getAttribute("placeholder") ?? "",
        toolParamDescription: el.getAttribute("toolparamdescription") ?? "",
        required: el.hasAttribute("required"),
      };
      form.inputs.push(input);
    }),
    on("button", (el) => {
      const c: ControlFacts = {
        tag: "button",
        type: (el.getAttribute("type") ?? "submit").toLowerCase(),
        text: "",
        ariaLabel: el.getAttribute("aria-label") ?? "",
        value: el.getAttribute("value") ?? "",
        title: el.getAttribute("title") ?? "",
        href: "",
        inForm: form !== null,
        onclick: el.hasAttribute("onclick"),
      };
      control = c;
      if (form) form.controls.push(c);
      else facts.looseControls.push(c);
      onEnd(el, () => {
        c.text = collapse(decodeEntities(c.text));
        control = null;
      });
    }),
    on("a", (el) => {
      const href = el.getAttribute("href");
      // Read now: the element's token is gone once this handler returns.
      const label = el.getAttribute("aria-label") ?? el.getAttribute("title") ?? "";
      const current = { text: "", images: [] as string[] };
      link = current;
      const entry = {
        href: href ?? "",
        text: "",
        rel: (el.getAttribute("rel") ?? "").toLowerCase(),
        type: (el.getAttribute("type") ?? "").toLowerCase(),
      };
      if (href !== null) facts.links.push(entry);
      onEnd(el, () => {
        // The accessible name: the text, else aria-label or title, else the alt of an image inside.
        entry.text = collapse(decodeEntities(current.text)) || label.trim() || current.images.join(" ").trim();
        if (link === current) link = null;
      });
    }),
    on("[onclick], div[role=button], span[role=button]", (el) => {
      if (el.tagName === "button" || el.tagName === "a" || el.tagName === "input") return;
      if (VOID_ELEMENTS.has(el.tagName)) {
        facts.clickables.push(el.getAttribute("aria-label") ?? el.getAttribute("alt") ?? "");
        return;
      }
      const current = { text: el.getAttribute("aria-label") ?? "" };
      clickable = current;
      onEnd(el, () => {
        facts.clickables.push(collapse(decodeEntities(current.text)));
        if (clickable === current) clickable = null;
      });
    }),
    on("img", (el) => {
      const alt = el.getAttribute("alt");
      facts.images.push({ src: el.getAttribute("src") ?? el.getAttribute("data-src") ?? "", alt });
      if (link && alt) link.images.push(alt);
    }),
  ];

  /** Visible text to every open scope that reads it. */
  function routeText(t: string): void {
    if (hidden > 0) return;
    items.text(t);
    if (control) control.text += t;
    if (link) link.text += t;
    if (h1 !== null) h1 += t;
    if (clickable) clickable.text += t;
    if (textLength < MAX_TEXT) {
      nodeText += t;
      if (unseen === 0) nodeVisible += t;
      textLength += t.length;
    }
  }

  /** The text node read so far, as one part of the page's text. */
  function endTextNode(): void {
    if (nodeText) textParts.push(nodeText);
    if (nodeVisible) visibleParts.push(nodeVisible);
    nodeText = "";
    nodeVisible = "";
  }

  let rewriter = new HTMLRewriter();
  for (const h of handlers) rewriter = rewriter.on(h.selector, h.handlers);
  rewriter = rewriter.onDocument({
    text(chunk) {
      calls++;
      try {
        const t = chunk.text;
        if (t) {
          if (jsonLd !== null) jsonLd += t;
          if (title !== null) title += t;
          routeText(t);
        }
        // One text node may come in several chunks (the page is fed in pieces): its
        // pieces join without a space, text nodes with one.
        if (chunk.lastInTextNode) endTextNode();
      } catch (err) {
        problem("text", err);
      }
    },
  });

  // Fed in pieces, so the pass stops reading once the bound is reached.
  const bytes = new TextEncoder().encode(html);
  let fed = 0;
  const input = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (fed >= bytes.length) return controller.close();
      if (calls >= limits.maxHandlerCalls) {
        problem(
          "size",
          `only the first ${fed} of ${bytes.length} bytes were read (at most ${limits.maxHandlerCalls} elements and runs of text per page)`,
        );
        return controller.close();
      }
      controller.enqueue(bytes.subarray(fed, fed + FEED_BYTES));
      fed += FEED_BYTES;
    },
  });
  await rewriter.transform(new Response(input)).arrayBuffer();
  endTextNode();
  facts.text = collapse(decodeEntities(textParts.join(" "))).slice(0, MAX_TEXT);
  facts.visibleText = collapse(decodeEntities(visibleParts.join(" "))).slice(0, MAX_TEXT);
  facts.captchas = [...captchas].sort();
  items.finish();
  facts.microdata = items.microdata;
  facts.rdfa = items.rdfa;
  facts.platformProduct = PRODUCT_BODY_CLASS.test(facts.bodyClass) || SHOPIFY_PRODUCT.test(html);
  for (const f of facts.forms) {
    for (const input of f.inputs) {
      if (!input.labelled && input.id && facts.labelFor.includes(input.id)) input.labelled = true;
    }
  }
  return facts;
}
