// Styles of the dashboard pages, added to the application's stylesheet (served as
// /app/assets/dashboard.css). Same palette as app.css; status and tiers are written as
// words, colour only repeats them. Chart series colours are variables (--series-N, read
// by chart-js.ts), each at least 3:1 against the page in its scheme (WCAG 2.2, 1.4.11);
// the dark block swaps them with the rest of the palette.
export const DASHBOARD_CSS = `
.plain{list-style:none;padding:0;margin:0}.plain li{margin:.4rem 0}
.facts{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:.25rem 1rem}.facts dt{font-weight:600}.facts dd{margin:0}
.tiles{list-style:none;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(11rem,1fr));gap:.75rem;margin:1rem 0}
.tiles li{border:1px solid #d0d0d0;border-radius:4px;padding:.75rem}
.tiles .value{display:block;font-size:1.6rem;font-weight:700}
.tiles .label{color:#4a4a4a;font-size:.9rem}
.tiles .change{display:block;font-size:.85rem;margin-top:.25rem}
.status-word{font-weight:700;text-transform:uppercase;letter-spacing:.03em;border:1px solid currentColor;border-radius:3px;padding:0 .35rem;font-size:.85rem}
[data-status=receiving] .status-word,.status-receiving{color:#1e6b34}
[data-status=rejected] .status-word,.status-rejected{color:#b3261e}
[data-status=stale] .status-word,.status-stale{color:#7a4a00}
[data-status=awaiting_first_event] .status-word,.status-awaiting_first_event{color:#37474f}
.install{border:1px solid #d0d0d0;border-radius:4px;padding:1rem;margin:1rem 0}
.snippet{display:block;white-space:pre-wrap;overflow-wrap:anywhere;background:#f2f2f2;border:1px solid #d0d0d0;padding:.5rem}
figure{margin:0}.chart{min-height:2rem;margin:.5rem 0;max-width:100%;overflow:hidden}
.period{display:flex;flex-wrap:wrap;gap:.5rem;align-items:flex-end;margin:.5rem 0 1rem}
.period .field{margin:0}
.period .field input,.period .field select{width:auto}
.bar-row{display:grid;grid-template-columns:minmax(6rem,10rem) minmax(0,1fr) 6rem;gap:.5rem;align-items:center}
.bar-row meter{width:100%;height:.8rem}
.subnav{display:flex;flex-wrap:wrap;gap:.25rem 1rem;list-style:none;padding:0;margin:0 0 1rem}
.subnav a[aria-current=page]{font-weight:700}
.timeline{list-style:none;padding:0;border-left:3px solid #d0d0d0;margin-left:.5rem}
.timeline li{padding:.25rem 0 .75rem 1rem;position:relative}
.timeline li::before{content:"";position:absolute;left:-.5rem;top:.6rem;width:.7rem;height:.7rem;border-radius:50%;background:#4a4a4a}
.empty{border:1px dashed #6b6b6b;border-radius:4px;padding:1rem;margin:1rem 0}
.filters{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:flex-end}
.filters .field{margin:0}.filters .field select{width:auto}
@media (max-width:40rem){.bar-row{grid-template-columns:minmax(0,1fr) 5rem}.bar-row meter{grid-column:1/-1;grid-row:2}}
:root{--series-0:#0b57d0;--series-1:#b3261e;--series-2:#1e6b34;--series-3:#7a4a00;--series-4:#6a1b9a;--series-5:#00695c;--series-6:#ad1457;--series-7:#37474f;--chart-grid:#d0d0d0}
.uplot{color:var(--fg)}.u-legend{max-width:100%}.u-legend .u-series{white-space:normal}
.live-dot{display:inline-block;width:.6rem;height:.6rem;border-radius:50%;background:#1e6b34;margin-right:.35rem}
.checklist{list-style:none;padding:0;margin:0 0 1.5rem;counter-reset:step}
.checklist li{border:1px solid #d0d0d0;border-radius:4px;padding:.75rem;margin:.5rem 0}
.checklist .state{font-weight:700;margin-right:.5rem}.checklist p{margin:.25rem 0 0}
.checklist [data-done="1"] .state{color:#1e6b34}.checklist [data-done="0"] .state{color:#37474f}
.site-switch summary{cursor:pointer}.site-switch ul{margin:.25rem 0 0;padding-left:1rem}
.change-up{color:#1e6b34}.change-down{color:#b3261e}
@media (prefers-color-scheme:dark){
  :root{--series-0:#8ab4f8;--series-1:#f28b82;--series-2:#81c995;--series-3:#fdd663;--series-4:#d7aefb;--series-5:#78d9ec;--series-6:#ff8bcb;--series-7:#c5cae9;--chart-grid:#4d4d4d}
  .tiles li,.install,.checklist li{border-color:#4d4d4d}
  .tiles .label{color:#b4b4b4}
  [data-status=receiving] .status-word,.status-receiving,.live-dot,.checklist [data-done="1"] .state,.change-up{color:#81c995}
  .live-dot{background:#81c995}
  [data-status=rejected] .status-word,.status-rejected,.change-down{color:#f28b82}
  [data-status=stale] .status-word,.status-stale{color:#fdd663}
  [data-status=awaiting_first_event] .status-word,.status-awaiting_first_event,.checklist [data-done="0"] .state{color:#c5cae9}
  .snippet{background:#262626;border-color:#4d4d4d}
  .timeline{border-color:#4d4d4d}.timeline li::before{background:#b4b4b4}
  .empty{border-color:#8a8a8a}
}
`;
