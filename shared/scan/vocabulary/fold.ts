// Text and words compared the way a reader compares them (issue 45): case-insensitive with
// Unicode full case folding (Unicode CaseFolding.txt status F: "ß" folds to "ss", final "ς"
// to "σ"), compatibility forms unified (NFKC/NFKD: half-width katakana, ligatures) and
// diacritics set aside, so "IN DEN WARENKORB", "in den Warenkorb" and "Añadir" / "ANADIR"
// meet. Upper- then lower-casing is the full folding of every letter shops write in the
// EU's languages, Spanish, Portuguese and Japanese; the few letters without a decomposition
// are mapped by hand so shops' ASCII URLs ("platnosc", "bestilling") match too.

const UNDECOMPOSED: Record<string, string> = {
  ł: "l",
  đ: "d",
  ø: "o",
  æ: "ae",
  œ: "oe",
  ħ: "h",
  ı: "i",
  ŀ: "l",
  þ: "th",
  ð: "d",
};

/** `text` case-folded, without diacritics, with runs of white space as one space. */
export function foldText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toUpperCase()
    .toLowerCase()
    .replace(/[łđøæœħıŀþð]/g, (c) => UNDECOMPOSED[c] ?? c)
    .replace(/\s+/g, " ")
    .trim();
}

/** Scripts written without spaces between words: a term there matches anywhere. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * One matcher for a list of terms, each compared folded and as a whole word (not inside
 * another word: "cart" is not in "cartoon"); a term ending in `*` is a stem that takes any
 * ending ("koszyk*": koszyka, koszyku), as the inflected languages need; a term in
 * Japanese (no spaces between words) matches anywhere.
 */
export function wordMatcher(terms: readonly string[]): (text: string) => boolean {
  const parts = [...new Set(terms)].map((raw) => {
    const stem = raw.endsWith("*");
    const folded = foldText(stem ? raw.slice(0, -1) : raw);
    const body = `${escapeRegExp(folded)}${stem ? "[\\p{L}\\p{N}]*" : ""}`;
    return UNSPACED.test(folded) ? body : `(?<![\\p{L}\\p{N}])${body}(?![\\p{L}\\p{N}])`;
  });
  const re = new RegExp(`(?:${parts.join("|")})`, "u");
  return (text) => re.test(foldText(text));
}
