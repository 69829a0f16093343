import type { ControlFacts, FormFacts, PageFacts } from "../types";
import { CAPTCHA_MARKERS } from "./captcha";

// One streaming pass of the runtime's HTMLRewriter over a page (no DOM library), in
// document order: element handlers open and close scopes (form, label, button, link,
// script), the document text handler routes each text chunk to the open scopes.

const MAX_TEXT = 200_000;
const APP_ROOT_IDS = new Set(["root", "app", "__next", "__nuxt", "svelte", "___gatsby"]);

// Void elements have no end tag; registering onEndTag on one throws.
const VOID = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "param",
  "source",
  "track",
  "wbr",
]);

function collapse(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function decodeEntities(text: string): string {
  return text
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&#(\d{1,7});/g, (m, d) => (Number(d) <= 0x10ffff ? String.fromCodePoint(Number(d)) : m))
    .replace(/&#x([0-9a-f]{1,6});/gi, (m, h) =>
      Number.parseInt(h, 16) <= 0x10ffff ? String.fromCodePoint(Number.parseInt(h, 16)) : m,
    )
    .replace(/&amp;/g, "&");
}

export async function extractPage(html: string): Promise<PageFacts> {
  const facts: PageFacts = {
    title: null,
    metaDescription: null,
    lang: null,
    canonical: null,
    meta: {},
    headLinks: [],
    links: [],
    jsonLd: [],
    microdataTypes: [],
    itemprops: {},
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
  const textParts: string[] = [];
  let textLength = 0;
  let hidden = 0; // inside script/style/template/title: not visible text
  let labelDepth = 0;
  let searchDepth = 0;
  let form: FormFacts | null = null;
  let control: ControlFacts | null = null;
  let link: { text: string } | null = null;
  let title: string | null = null;
  let h1: string | null = null;
  let jsonLd: string | null = null;
  let clickable: { text: string } | null = null;
  const captchas = new Set<string>();
  const noteCaptcha = (value: string) => {
    for (const [name, re] of CAPTCHA_MARKERS) if (re.test(value)) captchas.add(name);
  };

  const rewriter = new HTMLRewriter()
    .on("html", {
      element(el) {
        if (facts.lang === null) facts.lang = el.getAttribute("lang");
      },
    })
    .on("title", {
      element(el) {
        title = "";
        hidden++;
        el.onEndTag(() => {
          if (facts.title === null) facts.title = collapse(decodeEntities(title ?? ""));
          title = null;
          hidden--;
        });
      },
    })
    .on("script, style, template, noscript", {
      element(el) {
        const type = (el.getAttribute("type") ?? "").toLowerCase();
        noteCaptcha(el.getAttribute("src") ?? "");
        if (el.tagName === "script" && type === "application/ld+json") jsonLd = "";
        hidden++;
        el.onEndTag(() => {
          if (jsonLd !== null) facts.jsonLd.push(jsonLd);
          jsonLd = null;
          hidden--;
        });
      },
    })
    .on("meta", {
      element(el) {
        const key = (el.getAttribute("property") ?? el.getAttribute("name") ?? "").toLowerCase();
        const content = el.getAttribute("content");
        if (!key || content === null) return;
        if (!(key in facts.meta)) facts.meta[key] = decodeEntities(content);
        if (key === "description" && facts.metaDescription === null) facts.metaDescription = decodeEntities(content);
      },
    })
    .on("link", {
      element(el) {
        const rel = (el.getAttribute("rel") ?? "").toLowerCase();
        const href = el.getAttribute("href") ?? "";
        facts.headLinks.push({ rel, href, type: (el.getAttribute("type") ?? "").toLowerCase(), text: "" });
        if (rel.split(/\s+/).includes("canonical") && facts.canonical === null) facts.canonical = href;
      },
    })
    .on("[itemtype]", {
      element(el) {
        facts.microdataTypes.push(el.getAttribute("itemtype") ?? "");
      },
    })
    .on("[itemprop]", {
      element(el) {
        const prop = el.getAttribute("itemprop") ?? "";
        const content = el.getAttribute("content") ?? el.getAttribute("href") ?? el.getAttribute("src");
        if (content !== null && !(prop in facts.itemprops)) facts.itemprops[prop] = content;
      },
    })
    .on("[id]", {
      element(el) {
        if (APP_ROOT_IDS.has(el.getAttribute("id") ?? "")) facts.appRoot = true;
      },
    })
    .on("[class]", {
      element(el) {
        noteCaptcha(el.getAttribute("class") ?? "");
      },
    })
    .on("iframe", {
      element(el) {
        noteCaptcha(el.getAttribute("src") ?? "");
      },
    })
    .on("h1", {
      element(el) {
        h1 = "";
        el.onEndTag(() => {
          facts.h1.push(collapse(decodeEntities(h1 ?? "")));
          h1 = null;
        });
      },
    })
    .on("search, [role=search]", {
      element(el) {
        if (VOID.has(el.tagName)) return;
        searchDepth++;
        if (el.tagName === "form") return; // a form with role=search is handled as a form
        el.onEndTag(() => {
          searchDepth--;
        });
      },
    })
    .on("form", {
      element(el) {
        const role = (el.getAttribute("role") ?? "").toLowerCase();
        const current: FormFacts = {
          action: el.getAttribute("action"),
          method: (el.getAttribute("method") ?? "get").toLowerCase(),
          role,
          inSearchLandmark: searchDepth > 0,
          inputs: [],
          controls: [],
        };
        form = current;
        facts.forms.push(current);
        el.onEndTag(() => {
          if (role === "search") searchDepth--;
          form = null;
        });
      },
    })
    .on("label", {
      element(el) {
        const target = el.getAttribute("for");
        if (target) facts.labelFor.push(target);
        labelDepth++;
        el.onEndTag(() => {
          labelDepth--;
        });
      },
    })
    .on("input, select, textarea", {
      element(el) {
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
          };
          if (form) form.controls.push(c);
          else facts.looseControls.push(c);
          return;
        }
        if (!form || type === "hidden") return;
        form.inputs.push({
          tag,
          type,
          name: el.getAttribute("name") ?? "",
          id: el.getAttribute("id") ?? "",
          labelled:
            labelDepth > 0 ||
            Boolean(el.getAttribute("aria-label")?.trim()) ||
            Boolean(el.getAttribute("aria-labelledby")?.trim()) ||
            Boolean(el.getAttribute("title")?.trim()),
        });
      },
    })
    .on("button", {
      element(el) {
        const c: ControlFacts = {
          tag: "button",
          type: (el.getAttribute("type") ?? "submit").toLowerCase(),
          text: "",
          ariaLabel: el.getAttribute("aria-label") ?? "",
          value: el.getAttribute("value") ?? "",
          title: el.getAttribute("title") ?? "",
          href: "",
          inForm: form !== null,
        };
        control = c;
        if (form) form.controls.push(c);
        else facts.looseControls.push(c);
        el.onEndTag(() => {
          c.text = collapse(decodeEntities(c.text));
          control = null;
        });
      },
    })
    .on("a", {
      element(el) {
        const current = { text: "" };
        link = current;
        const href = el.getAttribute("href");
        const entry = {
          href: href ?? "",
          text: "",
          rel: (el.getAttribute("rel") ?? "").toLowerCase(),
          type: (el.getAttribute("type") ?? "").toLowerCase(),
        };
        if (href !== null) facts.links.push(entry);
        el.onEndTag(() => {
          entry.text = collapse(decodeEntities(current.text)) || el.getAttribute("aria-label") || "";
          link = null;
        });
      },
    })
    .on("[onclick], div[role=button], span[role=button]", {
      element(el) {
        if (el.tagName === "button" || el.tagName === "a" || el.tagName === "input") return;
        if (VOID.has(el.tagName)) {
          facts.clickables.push(el.getAttribute("aria-label") ?? el.getAttribute("alt") ?? "");
          return;
        }
        const current = { text: el.getAttribute("aria-label") ?? "" };
        clickable = current;
        el.onEndTag(() => {
          facts.clickables.push(collapse(decodeEntities(current.text)));
          clickable = null;
        });
      },
    })
    .on("img", {
      element(el) {
        facts.images.push({ src: el.getAttribute("src") ?? "", alt: el.getAttribute("alt") });
      },
    })
    .onDocument({
      text(chunk) {
        const t = chunk.text;
        if (!t) return;
        if (jsonLd !== null) jsonLd += t;
        if (title !== null) title += t;
        if (hidden > 0) return;
        if (control) control.text += t;
        if (link) link.text += t;
        if (h1 !== null) h1 += t;
        if (clickable) clickable.text += t;
        if (textLength < MAX_TEXT) {
          textParts.push(t);
          textLength += t.length;
        }
      },
    });

  await rewriter.transform(new Response(html)).arrayBuffer();
  facts.text = collapse(decodeEntities(textParts.join(" "))).slice(0, MAX_TEXT);
  facts.captchas = [...captchas].sort();
  for (const f of facts.forms) {
    for (const input of f.inputs) {
      if (!input.labelled && input.id && facts.labelFor.includes(input.id)) input.labelled = true;
    }
  }
  return facts;
}
