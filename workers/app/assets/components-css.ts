// The design system's components (docs/app.md "Design system"), each a class every page
// uses the same way: button, form field, notice, table, card, stat tile, badge, empty
// state, chart card, breakdown card, site navigation, filter chips and the period
// picker. Values come from the tokens only (design-tokens.ts). Status is always written
// as a word; colour only repeats it. Below 40rem (a phone) forms and tables stack, and
// the site navigation's groups take a line each (a long group scrolls within its line),
// so every group's name is in sight rather than off the edge of one scrolling row.
export const COMPONENTS_CSS = `
button,.button{display:inline-flex;align-items:center;justify-content:center;gap:var(--space-2);font:inherit;font-size:var(--text-sm);font-weight:600;line-height:1.25;padding:var(--space-2) var(--space-4);min-height:2.25rem;border:1px solid var(--accent);border-radius:var(--radius);background:var(--accent);color:var(--accent-fg);cursor:pointer;text-decoration:none;white-space:nowrap}
button:hover,.button:hover{background:var(--accent-strong);border-color:var(--accent-strong);color:var(--accent-fg)}
button.secondary,.button.secondary{background:var(--surface);color:var(--fg);border-color:var(--line-strong)}
button.secondary:hover,.button.secondary:hover{background:var(--surface-2);color:var(--fg)}
button.ghost{background:transparent;color:var(--fg);border-color:transparent}
button.ghost:hover{background:var(--surface-2);color:var(--fg)}
button.danger{background:var(--bad);border-color:var(--bad);color:var(--surface)}
button[aria-disabled=true]{opacity:.7;cursor:progress}
label{font-weight:600;font-size:var(--text-sm)}
.field{display:flex;flex-direction:column;gap:var(--space-1);margin:0 0 var(--space-4)}
input[type=text],input[type=email],input[type=password],input[type=url],input[type=number],input[type=date],select,textarea{font:inherit;font-size:var(--text-base);padding:var(--space-2) var(--space-3);min-height:2.25rem;border:1px solid var(--line-strong);border-radius:var(--radius);background:var(--surface);color:var(--fg);max-width:100%}
.field input,.field select,.field textarea{width:28rem}
fieldset{border:1px solid var(--line);border-radius:var(--radius);margin:0 0 var(--space-4);padding:var(--space-2) var(--space-4) var(--space-3)}
legend{font-weight:600;padding:0 var(--space-1)}
.checks{display:grid;grid-template-columns:repeat(auto-fill,minmax(12rem,1fr));gap:var(--space-1) var(--space-4)}
.checks label{font-weight:400;font-size:var(--text-base)}
.inline-form{display:flex;flex-wrap:wrap;gap:var(--space-2);align-items:center;margin:0 0 var(--space-1)}
.actions{display:flex;flex-wrap:wrap;gap:var(--space-2);align-items:center}
.passkey{display:flex;flex-wrap:wrap;gap:var(--space-2);align-items:center;margin:var(--space-4) 0}
.notice{padding:var(--space-3) var(--space-4);border-radius:var(--radius);border:1px solid;margin:0 0 var(--space-4)}
.notice-error{background:var(--bad-soft);border-color:var(--bad);color:var(--fg)}
.notice-info{background:var(--accent-soft);border-color:var(--accent)}
.notice-success{background:var(--good-soft);border-color:var(--good);color:var(--fg)}
.secret{display:flex;flex-wrap:wrap;align-items:center;gap:var(--space-2);margin:var(--space-2) 0 var(--space-4)}
.secret code{font:var(--text-base)/1.4 var(--mono);background:var(--surface-2);border:1px solid var(--line);border-radius:var(--radius-sm);padding:var(--space-2) var(--space-3);overflow-wrap:anywhere;user-select:all}
.scopes{margin:0;padding:0;list-style:none}
.table-wrap{overflow-x:auto;background:var(--surface);border:1px solid var(--line);border-radius:var(--radius);margin:0 0 var(--space-3)}
table{border-collapse:collapse;width:100%;font-size:var(--text-sm)}
caption{caption-side:top;text-align:left;padding:var(--space-2) var(--space-3)}
th,td{text-align:left;padding:var(--space-2) var(--space-3);border-bottom:1px solid var(--line);vertical-align:top}
thead th{background:var(--surface-2);color:var(--muted);font-size:var(--text-xs);font-weight:600;text-transform:uppercase;letter-spacing:.04em}
tbody tr:last-child>*{border-bottom:0}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
.card,.cards>li{background:var(--surface);border:1px solid var(--line);border-radius:var(--radius-lg);padding:var(--space-4);box-shadow:var(--shadow);min-width:0}
.card>h2:first-child,.card>h3:first-child,.card-head h2,.card-head h3{margin-top:0}
.card-head{display:flex;flex-wrap:wrap;align-items:baseline;justify-content:space-between;gap:var(--space-2);margin:0 0 var(--space-3)}
.card-head h2,.card-head h3{font-size:var(--text-base);margin:0}
.cards{list-style:none;padding:0;margin:var(--space-4) 0;display:grid;grid-template-columns:repeat(auto-fill,minmax(16rem,1fr));gap:var(--space-4)}
.cards>li h2{font-size:var(--text-lg);margin-top:0}
.grid-2{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:var(--space-4);margin:var(--space-4) 0}
.tiles{list-style:none;padding:0;display:grid;grid-template-columns:repeat(auto-fit,minmax(11rem,1fr));gap:var(--space-3);margin:var(--space-4) 0}
.tiles>li{background:var(--surface);border:1px solid var(--line);border-radius:var(--radius-lg);padding:var(--space-3) var(--space-4);box-shadow:var(--shadow);display:flex;flex-direction:column;gap:var(--space-1);min-width:0}
.tiles .label{color:var(--muted);font-size:var(--text-sm);font-weight:500}
.tiles .value{display:block;font-size:var(--text-3xl);font-weight:700;line-height:var(--leading-tight);font-variant-numeric:tabular-nums}
.tiles .value[data-no-data]{font-size:var(--text-xl);color:var(--muted);font-weight:600}
.tiles .change{display:block;font-size:var(--text-xs);font-weight:600}
.tiles .footnote{font-size:var(--text-xs);color:var(--muted)}
.change-up{color:var(--good)}.change-down{color:var(--bad)}.change-same{color:var(--muted)}
.badge,.status-word{display:inline-block;font-size:var(--text-xs);font-weight:700;letter-spacing:.03em;text-transform:uppercase;line-height:1.4;padding:0 var(--space-2);border-radius:999px;border:1px solid currentColor;white-space:nowrap}
.badge-good,[data-status=receiving] .status-word,.status-receiving{color:var(--good);background:var(--good-soft)}
.badge-bad,[data-status=rejected] .status-word,.status-rejected{color:var(--bad);background:var(--bad-soft)}
.badge-warn,[data-status=stale] .status-word,.status-stale{color:var(--warn);background:var(--warn-soft)}
.badge-neutral,[data-status=awaiting_first_event] .status-word,.status-awaiting_first_event{color:var(--muted);background:var(--surface-2)}
.empty{border:1px dashed var(--line-strong);border-radius:var(--radius-lg);padding:var(--space-5) var(--space-4);margin:var(--space-4) 0;background:var(--surface);color:var(--fg)}
.empty h2,.empty h3{margin-top:0}
.empty-inline{color:var(--muted);font-size:var(--text-sm);padding:var(--space-3) 0;margin:0}
.plain{list-style:none;padding:0;margin:0}.plain li{margin:var(--space-2) 0}
.facts{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:var(--space-1) var(--space-4)}.facts dt{font-weight:600}.facts dd{margin:0}
.csv-link{margin:var(--space-2) 0 0;font-size:var(--text-sm)}
.subnav{display:flex;flex-wrap:wrap;align-items:center;gap:var(--space-2) var(--space-5);margin:0 0 var(--space-5);padding:0;list-style:none;border-bottom:1px solid var(--line)}
.subnav>li{display:flex;flex-wrap:wrap;align-items:baseline;gap:0 var(--space-1)}
.subnav .group-label{font-size:var(--text-xs);font-weight:600;text-transform:uppercase;letter-spacing:.05em;color:var(--muted);margin-right:var(--space-1)}
.subnav ul{display:flex;flex-wrap:wrap;gap:0;list-style:none;margin:0;padding:0}
.subnav ul a{display:block;padding:var(--space-2) var(--space-2);margin-bottom:-1px;color:var(--muted);text-decoration:none;font-size:var(--text-sm);font-weight:500;border-bottom:2px solid transparent}
.subnav ul a:hover{color:var(--fg)}
.subnav ul a[aria-current=page]{color:var(--accent-strong);border-bottom-color:var(--accent);font-weight:600}
.site-bar{display:flex;flex-wrap:wrap;align-items:center;gap:var(--space-2) var(--space-4);margin:0 0 var(--space-2)}
.site-bar .all-sites{font-size:var(--text-sm)}
.site-switch{position:relative}
.site-switch ul{list-style:none;margin:0;padding:0}
.site-switch li{padding:var(--space-1) 0}
@media (max-width:40rem){
  .subnav{flex-direction:column;align-items:stretch;flex-wrap:nowrap;gap:0}
  .subnav>li{flex-wrap:nowrap;white-space:nowrap;overflow-x:auto}
  .subnav ul{flex-wrap:nowrap}
  main{padding:var(--space-4) var(--space-3) var(--space-6)}
  .field input,.field select,.field textarea{width:100%}
  .grid-2{grid-template-columns:minmax(0,1fr)}
  .table-wrap table,.table-wrap thead,.table-wrap tbody,.table-wrap tr,.table-wrap th,.table-wrap td{display:block}
  .table-wrap thead{position:absolute;left:-9999px}
  .table-wrap caption{display:block}
  .table-wrap tr{border-bottom:1px solid var(--line);padding:var(--space-2) var(--space-3)}
  .table-wrap tbody tr:last-child{border-bottom:0}
  .table-wrap td,.table-wrap th{border:0;padding:var(--space-1) 0}
  .table-wrap td.num{text-align:left}
  .table-wrap td[data-label]::before{content:attr(data-label) ": ";font-weight:600}
}
`;
