import { COMPONENTS_CSS } from "./components-css";
import { DESIGN_TOKENS } from "./design-tokens";
import { HEADER_CSS } from "./header-css";

// The application's one stylesheet, served by the app itself (no CDN: local runs have no
// network): the design system's tokens (design-tokens.ts), the page frame and base
// elements here, the header (header-css.ts) and the components every page is built from
// (components-css.ts). Focus is always visible (a date input is ringed on :focus-within:
// Tab also stops on its calendar button, inside the input, where the input itself
// matches neither :focus nor :focus-visible). Long unbroken user text (a site name, a
// webhook secret, an interaction target) wraps inside its cell or line instead of
// widening the page, and each cell or item is its own bidi isolate. A column heading and
// a button in a cell are our own short words, never broken inside a word: with
// `anywhere` a table's automatic layout counted them as one letter wide and a
// five-column table (the log drains) squeezed "Revoke" to "Re/vo/ke".
const BASE_CSS = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font:var(--text-base)/var(--leading) var(--font);color:var(--fg);background:var(--bg);-webkit-text-size-adjust:100%}
a{color:var(--accent);text-underline-offset:.15em}
a:hover{color:var(--accent-strong)}
:focus-visible,input[type=date]:focus-within{outline:3px solid var(--focus);outline-offset:2px}
.skip{position:absolute;left:-999px;top:0;background:var(--surface);padding:var(--space-2)}
.skip:focus{left:var(--space-2);z-index:20}
main{max-width:var(--page-width);margin:0 auto;padding:var(--space-5) var(--space-4) var(--space-8)}
main:focus{outline:none}
h1{font-size:var(--text-2xl);line-height:var(--leading-tight);margin:0 0 var(--space-4);letter-spacing:-.01em}
h2{font-size:var(--text-xl);line-height:var(--leading-tight);margin:var(--space-6) 0 var(--space-3)}
h3{font-size:var(--text-lg);line-height:var(--leading-tight);margin:var(--space-5) 0 var(--space-2)}
p{margin:0 0 var(--space-3)}
code,pre{font-family:var(--mono);font-size:.92em}
pre{white-space:pre-wrap}
th,td,li,dd,caption,h1,h2,h3,code,pre{overflow-wrap:anywhere}
th,td button{overflow-wrap:normal}
td,th,li,dd,dt,caption,bdi,option,h1,h2{unicode-bidi:isolate}
.hint,.muted{color:var(--muted);font-size:var(--text-sm)}
p.hint,p.muted{margin:0 0 var(--space-2)}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.auth{max-width:30rem}
.wrap{overflow-wrap:anywhere}
`;

export const APP_CSS = `${DESIGN_TOKENS}${BASE_CSS}${HEADER_CSS}${COMPONENTS_CSS}`;
