// The application's one stylesheet, served by the app itself (no CDN: local runs have no
// network). Colours meet WCAG 2.2 AA contrast on white; focus is always visible (a date
// input is ringed on :focus-within: Tab also stops on its calendar button, inside the
// input, where the input itself matches neither :focus nor :focus-visible); the layout
// stacks below 40rem so every page works at 390 px. Long unbroken user text
// (a site name, a webhook secret, an interaction target) wraps inside its cell or line
// instead of widening the page, and each cell or item is its own bidi isolate. A column
// heading and a button in a cell are our own short words, never broken inside a word:
// with `anywhere` a table's automatic layout counted them as one letter wide and a
// five-column table (the log drains) squeezed "Revoke" to "Re/vo/ke".
// Dark mode follows the system (`prefers-color-scheme: dark`): the block at the end
// swaps the palette through CSS variables, each text colour again at least 4.5:1 on
// its dark background.
export const APP_CSS = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1b1b1b;background:#fff}
a{color:#0b57d0}
a:focus-visible,button:focus-visible,input:focus-visible,input[type=date]:focus-within,select:focus-visible,summary:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}
.skip{position:absolute;left:-999px;top:0;background:#fff;padding:.5rem}
.skip:focus{left:.5rem;z-index:10}
.top{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem 1rem;padding:.75rem 1rem;border-bottom:1px solid #d0d0d0;background:#f7f7f8}
.brand{font-weight:700;color:#1b1b1b;text-decoration:none;margin-right:auto}
.top nav ul{display:flex;flex-wrap:wrap;gap:.25rem 1rem;list-style:none;margin:0;padding:0}
.top nav a[aria-current=page]{font-weight:700;text-decoration-thickness:3px}
.switcher,.account{display:flex;flex-wrap:wrap;align-items:center;gap:.4rem;min-width:0;max-width:100%}
.switcher select{min-width:0;flex:1 1 8rem;max-width:20rem}
.email{color:#444;font-size:.9rem;overflow-wrap:anywhere}
main{max-width:60rem;margin:0 auto;padding:1rem}
main:focus{outline:none}
h1{font-size:1.6rem;margin:.5rem 0 1rem}
h2{font-size:1.25rem;margin:1.5rem 0 .5rem}
label{font-weight:600}
.field{display:flex;flex-direction:column;gap:.25rem;margin:0 0 1rem}
.hint{color:#4a4a4a;font-size:.9rem;margin:0}
input[type=text],input[type=email],input[type=password],select{font:inherit;padding:.5rem;border:1px solid #6b6b6b;border-radius:4px;max-width:100%}
.field input,.field select{width:28rem}
button{font:inherit;padding:.45rem 1rem;border:1px solid #0b57d0;border-radius:4px;background:#0b57d0;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#0b57d0}
button.danger{background:#b3261e;border-color:#b3261e}
fieldset{border:1px solid #d0d0d0;border-radius:4px;margin:0 0 1rem;padding:.5rem 1rem}
legend{font-weight:600;padding:0 .25rem}
.checks{display:grid;grid-template-columns:repeat(auto-fill,minmax(12rem,1fr));gap:.25rem 1rem}
.checks label{font-weight:400}
.notice{padding:.75rem 1rem;border-radius:4px;border:1px solid}
.notice-error{background:#fdecea;border-color:#b3261e;color:#6a1410}
.notice-info{background:#eef3fd;border-color:#0b57d0}
.notice-success{background:#e7f4ea;border-color:#1e6b34;color:#123f1f}
.secret{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem;margin:.5rem 0 1rem}
.secret code{font:1rem/1.4 ui-monospace,Menlo,Consolas,monospace;background:#f2f2f2;border:1px solid #d0d0d0;padding:.4rem .6rem;overflow-wrap:anywhere;user-select:all}
.table-wrap{overflow-x:auto}
table{border-collapse:collapse;width:100%;font-size:.95rem}
th,td{text-align:left;padding:.5rem;border-bottom:1px solid #d0d0d0;vertical-align:top}
td code{overflow-wrap:anywhere}
th,td,li,dd,caption,h1,h2,h3{overflow-wrap:anywhere}
code,pre{overflow-wrap:anywhere}
th,td button{overflow-wrap:normal}
pre{white-space:pre-wrap}
td,th,li,dd,dt,caption,bdi,option,h1,h2{unicode-bidi:isolate}
.scopes{margin:0;padding:0;list-style:none}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.inline-form{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;margin:0 0 .25rem}
.actions{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center}
.cards{list-style:none;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(16rem,1fr));gap:1rem}
.cards li{border:1px solid #d0d0d0;border-radius:4px;padding:1rem}
.auth{max-width:30rem}
.passkey{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;margin:1rem 0}
@media (max-width:40rem){
  .field input,.field select{width:100%}
  .brand{flex-basis:100%}
  table,thead,tbody,tr,th,td{display:block}
  thead{position:absolute;left:-9999px}
  caption{display:block;text-align:left}
  tr{border-bottom:1px solid #d0d0d0;padding:.5rem 0}
  td{border:0;padding:.15rem 0}
  td[data-label]::before{content:attr(data-label) ": ";font-weight:600}
}
:root{color-scheme:light dark;--fg:#1b1b1b;--bg:#fff;--muted:#4a4a4a;--line:#d0d0d0;--link:#0b57d0;--surface:#f7f7f8;--code-bg:#f2f2f2}
@media (prefers-color-scheme:dark){
  :root{--fg:#e6e6e6;--bg:#121212;--muted:#b4b4b4;--line:#4d4d4d;--link:#8ab4f8;--surface:#1d1d1f;--code-bg:#262626}
  body{color:var(--fg);background:var(--bg)}
  a{color:var(--link)}
  a:focus-visible,button:focus-visible,input:focus-visible,input[type=date]:focus-within,select:focus-visible,summary:focus-visible{outline-color:var(--link)}
  .skip{background:var(--bg)}
  .top{background:var(--surface);border-color:var(--line)}
  .brand{color:var(--fg)}
  .email,.hint{color:var(--muted)}
  input[type=text],input[type=email],input[type=password],input[type=date],select{background:var(--surface);color:var(--fg);border-color:#8a8a8a}
  button{background:#8ab4f8;border-color:#8ab4f8;color:#0b1b36}
  button.secondary{background:transparent;color:var(--link)}
  button.danger{background:#f28b82;border-color:#f28b82;color:#3b0a07}
  fieldset,.cards li,th,td,tr{border-color:var(--line)}
  .notice-error{background:#3b1412;border-color:#f28b82;color:#f9d2cf}
  .notice-info{background:#15233b;border-color:#8ab4f8}
  .notice-success{background:#10291a;border-color:#81c995;color:#c9ecd3}
  .secret code{background:var(--code-bg);border-color:var(--line)}
}
`;
