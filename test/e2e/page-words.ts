import type { Page } from "playwright-core";
import { PURPOSES } from "../../shared/classify/agents";
import { DETECTION_SIGNALS, TIERS } from "../../shared/classify/identity-vocabulary";
import { AI_PLATFORMS } from "../../shared/classify/platforms";
import { SOURCES } from "../../shared/classify/source";
import { aiAgents } from "../../shared/classify/user-agent";
import { OUTCOMES } from "../../shared/vocabulary/session-outcomes";

// What a person reads (and a screen reader says) on a page must be words, not the API's
// codes, repository paths or timestamps meant for machines (issue 40, docs/app.md "Words,
// not codes"). This reads every text a page offers a person: text nodes (closed
// <details> and visually hidden text included, `hidden` and `aria-hidden` left out), and
// the aria-label, title, alt and placeholder attributes; text inside <code>, <pre>,
// <kbd> and <samp> is code shown as code (a route, the snippet, a webhook URL) and is
// held only to the rules that hold everywhere.

/** One piece of text as the page offers it. */
interface Piece {
  text: string;
  /** Inside <code>, <pre>, <kbd> or <samp>. */
  code: boolean;
  /**
   * Inside an element marked `data-raw`: bytes shown exactly as a machine sent or got
   * them (a webhook's payload, a receiver's answer), so their timestamps and codes (the
   * payload's `changes` name checks by key) are the machine's; the rules that hold
   * everywhere still hold.
   */
  raw: boolean;
  /** The element it belongs to, for the failure message. */
  where: string;
}

/**
 * Codes of the report vocabularies that are never shown as code either: they have words.
 * (The scan's check keys are added by the caller, read from a stored scan's JSON: the
 * check registry is Worker code that this Node project does not type-check.)
 */
const VOCABULARY = new Set<string>([
  ...SOURCES,
  ...OUTCOMES,
  ...PURPOSES,
  ...TIERS,
  ...DETECTION_SIGNALS,
  ...AI_PLATFORMS.filter((p) => p.includes("_")),
]);

/** Platform codes that are also English words or a company's usual lowercase spelling elsewhere. */
const PLAIN_WORDS = new Set(["you", "apple", "amazon"]);

/**
 * Lowercased agent tokens and platform codes, as the API writes them ("gptbot",
 * "chatgpt"): the tokens that cannot be an English word (a bot, spider or crawler, or
 * hyphenated), the platforms apart from plain words.
 */
const LOWERCASE_NAMES = new Set<string>([
  ...AI_PLATFORMS.filter((p) => !PLAIN_WORDS.has(p)),
  ...aiAgents
    .flatMap((a) => [a.token, ...(a.aliases ?? [])])
    // A token its operator spells in lower case (`meta-externalagent`) is its name as written.
    .filter((t) => t !== t.toLowerCase())
    .map((t) => t.toLowerCase())
    .filter((t) => /(?:bot|spider|crawler)$|-/.test(t)),
]);

/** Agent tokens as their operators spell them, snake_case ones included (`ias_crawler`): names, not codes. */
const OWN_SPELLINGS = new Set(aiAgents.flatMap((a) => [a.token, ...(a.aliases ?? [])]));

/** Times written for machines: never in what a person reads, raw bytes apart. */
const MACHINE_TIMES: Array<[string, RegExp]> = [
  ["an ISO timestamp", /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/],
  ["an RFC 7231 date", /\b(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{1,2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}(?::\d{2})? GMT\b/],
];

/** Rules for every piece of text, code, raw bytes or not. */
const EVERYWHERE: Array<[string, RegExp]> = [
  ["a repository path", /(?<![\w/.-])docs\/[\w./-]+/],
  ["an HTTP status of 0", /\bHTTP 0\b/],
];

/** A snake_case code (`ai_assistant_session`, `too_old`) or a scope (`traffic:read`) in a sentence. */
const CODE_IN_WORDS = /(?<![\w.@/#?&={-])(?:[a-z][a-z0-9]*(?:_[a-z0-9]+)+|[a-z]+:(?:read|write))(?![\w@/-]|\.\w)/g;
/** A lowercase name as the API writes it, standing alone (not part of a host, path or address). */
const NAME_TOKEN = /(?<![\w.@/#?&=-])[a-z][a-z0-9_-]*[a-z0-9](?![\w@/-]|\.\w)/g;

/** Every text of the page a person reads or hears, with where it sits. */
async function piecesOf(page: Page): Promise<Piece[]> {
  return page.evaluate(() => {
    const pieces: { text: string; code: boolean; raw: boolean; where: string }[] = [];
    const describe = (el: Element) => {
      const id = el.id ? `#${el.id}` : "";
      const label = el.closest("[data-label]")?.getAttribute("data-label");
      return `${el.tagName.toLowerCase()}${id}${label ? ` (${label})` : ""}`;
    };
    const shown = new Map<Element, boolean>();
    // Hidden from everyone: `hidden`, aria-hidden, display: none anywhere above.
    const heard = (el: Element): boolean => {
      const known = shown.get(el);
      if (known !== undefined) return known;
      let ok = true;
      if (el.matches("script, style, template, noscript, [hidden], [aria-hidden='true']")) ok = false;
      else if (getComputedStyle(el).display === "none" && !el.closest("details")) ok = false;
      else if (el.parentElement) ok = heard(el.parentElement);
      shown.set(el, ok);
      return ok;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      const text = (node.textContent ?? "").replace(/\s+/g, " ").trim();
      if (!el || text === "" || !heard(el)) continue;
      pieces.push({
        text,
        code: el.closest("code, pre, kbd, samp") !== null,
        raw: el.closest("[data-raw]") !== null,
        where: describe(el),
      });
    }
    for (const el of Array.from(document.querySelectorAll("[aria-label], [title], [alt], [placeholder]"))) {
      if (!heard(el)) continue;
      for (const attr of ["aria-label", "title", "alt", "placeholder"]) {
        const value = el.getAttribute(attr);
        if (value) pieces.push({ text: value, code: false, raw: false, where: `${describe(el)}[${attr}]` });
      }
    }
    return pieces;
  });
}

/**
 * Buttons and links whose accessible name (aria-label) does not contain the words they
 * show (WCAG 2.5.3 Label in Name): a voice user says what they see.
 */
async function nameMismatches(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const words = (s: string) => s.replace(/\s+/g, " ").trim().toLowerCase();
    const found: string[] = [];
    for (const el of Array.from(
      document.querySelectorAll<HTMLElement>(
        "a[aria-label], button[aria-label], summary[aria-label], [role='button'][aria-label], [role='link'][aria-label]",
      ),
    )) {
      // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the label a person sees.
      const shownText = words(el.innerText ?? "");
      const name = words(el.getAttribute("aria-label") ?? "");
      if (shownText !== "" && !name.includes(shownText)) found.push(`"${shownText}" is named "${name}"`);
    }
    return found;
  });
}

/** What on the page is not words: one line per problem, empty when the page reads well. */
export async function wordProblems(page: Page, moreCodes: Iterable<string> = []): Promise<string[]> {
  const codes = new Set([...VOCABULARY, ...moreCodes]);
  const problems: string[] = [];
  const say = (what: string, piece: Piece, match: string) =>
    problems.push(`${what} "${match}" in ${piece.where}: "${piece.text.slice(0, 120)}"`);
  for (const piece of await piecesOf(page)) {
    for (const [what, rule] of piece.raw ? EVERYWHERE : [...MACHINE_TIMES, ...EVERYWHERE]) {
      const m = rule.exec(piece.text);
      if (m) say(what, piece, m[0]);
    }
    if (piece.code) {
      if (piece.raw) continue;
      for (const token of piece.text.match(/[a-z][a-z0-9_]*/g) ?? []) {
        if (codes.has(token) && token.includes("_")) say("a report code shown as code", piece, token);
      }
      continue;
    }
    for (const m of piece.text.matchAll(CODE_IN_WORDS)) if (!OWN_SPELLINGS.has(m[0])) say("an API code", piece, m[0]);
    for (const m of piece.text.matchAll(NAME_TOKEN)) {
      if (LOWERCASE_NAMES.has(m[0])) say("a name as the API writes it", piece, m[0]);
    }
  }
  for (const m of await nameMismatches(page)) problems.push(`accessible name without its label: ${m}`);
  return [...new Set(problems)];
}
