// The forms of one page with what a browser would submit from them (HTML Living
// Standard "constructing the entry list"): named inputs with their values, checked
// checkboxes and radios, each select's selected (else first) option, textareas, and the
// submit button's own name=value. The crawl's page facts keep only what the checks need;
// submitting a form needs every field, so the journey reads its chosen page once more.

export interface FormField {
  name: string;
  value: string;
}

export interface SubmitButton {
  name: string;
  value: string;
  text: string;
}

export interface PageForm {
  action: string | null;
  method: "get" | "post";
  enctype: string;
  role: string;
  fields: FormField[];
  buttons: SubmitButton[];
  /** Inputs that make it a search form (type=search, name=q). */
  search: boolean;
}

export async function readForms(html: string): Promise<PageForm[]> {
  const forms: PageForm[] = [];
  let form: PageForm | null = null;
  let select: { name: string; first: string | null; selected: string | null } | null = null;
  let option: { value: string | null; selected: boolean; text: string } | null = null;
  let textarea: { name: string; text: string } | null = null;
  let button: SubmitButton | null = null;

  const finishOption = () => {
    const o = option as { value: string | null; selected: boolean; text: string } | null;
    const s = select as { name: string; first: string | null; selected: string | null } | null;
    option = null;
    if (!o || !s) return;
    const value = o.value ?? o.text.trim();
    if (s.first === null) s.first = value;
    if (o.selected) s.selected = value;
  };

  const rewriter = new HTMLRewriter()
    .on("form", {
      element(el) {
        const method = (el.getAttribute("method") ?? "get").toLowerCase() === "post" ? "post" : "get";
        form = {
          action: el.getAttribute("action"),
          method,
          enctype: (el.getAttribute("enctype") ?? "application/x-www-form-urlencoded").toLowerCase(),
          role: (el.getAttribute("role") ?? "").toLowerCase(),
          fields: [],
          buttons: [],
          search: false,
        };
        forms.push(form);
        el.onEndTag(() => {
          form = null;
        });
      },
    })
    .on("input", {
      element(el) {
        const f = form as PageForm | null;
        if (!f || el.hasAttribute("disabled")) return;
        const type = (el.getAttribute("type") ?? "text").toLowerCase();
        const name = el.getAttribute("name") ?? "";
        const value = el.getAttribute("value") ?? "";
        if (type === "search" || name === "q") f.search = true;
        if (type === "submit" || type === "image") {
          f.buttons.push({ name, value, text: value });
          return;
        }
        if (!name || type === "button" || type === "reset" || type === "file") return;
        if ((type === "checkbox" || type === "radio") && !el.hasAttribute("checked")) return;
        f.fields.push({ name, value: type === "checkbox" || type === "radio" ? value || "on" : value });
      },
    })
    .on("select", {
      element(el) {
        if (!form || el.hasAttribute("disabled")) return;
        select = { name: el.getAttribute("name") ?? "", first: null, selected: null };
        el.onEndTag(() => {
          finishOption();
          const s = select as { name: string; first: string | null; selected: string | null } | null;
          const f = form as PageForm | null;
          if (f && s?.name) {
            const value = s.selected ?? s.first;
            if (value !== null) f.fields.push({ name: s.name, value });
          }
          select = null;
        });
      },
    })
    .on("option", {
      element(el) {
        if (!select) return;
        // The end tag of <option> is optional: an open option ends at the next one or at </select>.
        finishOption();
        option = { value: el.getAttribute("value"), selected: el.hasAttribute("selected"), text: "" };
        el.onEndTag(finishOption);
      },
    })
    .on("textarea", {
      element(el) {
        if (!form) return;
        textarea = { name: el.getAttribute("name") ?? "", text: "" };
        el.onEndTag(() => {
          const t = textarea;
          const f = form as PageForm | null;
          if (f && t?.name) f.fields.push({ name: t.name, value: t.text });
          textarea = null;
        });
      },
    })
    .on("button", {
      element(el) {
        const f = form as PageForm | null;
        if (!f) return;
        const type = (el.getAttribute("type") ?? "submit").toLowerCase();
        if (type !== "submit") return;
        button = { name: el.getAttribute("name") ?? "", value: el.getAttribute("value") ?? "", text: "" };
        f.buttons.push(button);
        el.onEndTag(() => {
          if (button) button.text = button.text.replace(/\s+/g, " ").trim();
          button = null;
        });
      },
    })
    .onDocument({
      text(t) {
        const o = option as { text: string } | null;
        if (o) o.text += t.text;
        const ta = textarea as { text: string } | null;
        if (ta) ta.text += t.text;
        const b = button as SubmitButton | null;
        if (b) b.text += t.text;
      },
    });
  await rewriter.transform(new Response(html)).text();
  return forms;
}

/** The query string or body a browser builds from the entries (application/x-www-form-urlencoded). */
export function encodeEntries(entries: FormField[]): string {
  const params = new URLSearchParams();
  for (const e of entries) params.append(e.name, e.value);
  return params.toString();
}
