// Unicode bidirectional embedding, override and isolate controls (Unicode Standard Annex
// #9, §2.1-2.4: LRE, RLE, PDF, LRO, RLO U+202A-U+202E; LRI, RLI, FSI, PDI U+2066-U+2069).
// An unterminated U+202E in a site name or an interaction target reversed the text after
// it on the page (issue 25 #12, "Trojan Source"-style spoofing). The service's own pages
// never use them, so they are removed from user-controlled text on display; the marks
// U+200E/U+200F embed nothing and stay.
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

/** `text` without bidi embedding, override and isolate controls. */
export function withoutBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, "");
}
