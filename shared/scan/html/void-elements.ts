// HTML void elements (HTML Living Standard §13.1.2): they have no end tag, so an
// HTMLRewriter end-tag handler must never be registered on one (registering it throws).
export const VOID_ELEMENTS: ReadonlySet<string> = new Set([
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
