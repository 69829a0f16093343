import { percentDecodeOrKeep } from "../../encoding/percent-decode";
import { foldText, wordMatcher } from "./fold";
import { wordsOf } from "./shop-words";

// The checks' questions about words, answered from one table (shop-words.ts) in every
// language it holds, folded (fold.ts).

/** A control's label that says it puts the product in the cart (or buys it). */
export const isAddToCartName = wordMatcher([...wordsOf("addToCart"), ...wordsOf("buy")]);
/** Text that names the cart itself ("Warenkorb", "Mi carrito", "Košarica (2)"). */
export const namesCart = wordMatcher(wordsOf("cart"));
export const mentionsShipping = wordMatcher(wordsOf("shipping"));
export const mentionsReturns = wordMatcher(wordsOf("returns"));
export const mentionsContact = wordMatcher(wordsOf("contact"));

/** A URL or its path, percent-decoded, for the word matchers (`/pages/env%C3%ADos` says envíos). */
export function urlWords(href: string): string {
  return percentDecodeOrKeep(href);
}

const bare = (t: string) => foldText(t.endsWith("*") ? t.slice(0, -1) : t);
const oneWord = wordsOf("cart").filter((t) => !t.includes(" "));
// "bag" names the cart as a path (/bag), never as a link's name ("Tote bag").
const CART_SEGMENTS = new Set([...oneWord.filter((t) => !t.endsWith("*")).map(bare), "bag"]);
// A stem takes a short ending in a path too (/košarica, /carritos), but not a longer
// name built on it (/cestas-de-navidad is a category).
const CART_STEMS = oneWord.filter((t) => t.endsWith("*")).map(bare);
const CHECKOUT_SEGMENTS = new Set(wordsOf("checkout").map(bare));

/** One path segment, decoded, folded, without a `.html` / `.php` ending. */
function segmentWord(segment: string): string {
  return foldText(percentDecodeOrKeep(segment)).replace(/\.(html?|php)$/, "");
}

/** A path segment that names the cart page (`/warenkorb`, `/carrinho`, `/košarica`, `/cart.html`). */
export function isCartSegment(segment: string): boolean {
  const word = segmentWord(segment);
  return (
    CART_SEGMENTS.has(word) ||
    CART_STEMS.some((stem) => word.startsWith(stem) && /^\p{L}{0,3}$/u.test(word.slice(stem.length)))
  );
}

/** A path segment of a checkout, order or payment page in any of the languages (`/kasse`, `/finalizar-compra`). */
export function isCheckoutSegment(segment: string): boolean {
  return CHECKOUT_SEGMENTS.has(segmentWord(segment));
}
