// Styles of the dashboard pages only, added to the application's stylesheet (served as
// /app/assets/dashboard.css): the site dashboard's grid, charts, breakdown cards, filter
// chips and period picker, the install box, the journey's timeline, the setup
// checklist. Colours and sizes are the design system's tokens (assets/design-tokens.ts),
// so the dark scheme needs no block here; chart series colours are --series-N (read by
// chart-js.ts), each at least 3:1 against the page in its scheme (WCAG 2.2, 1.4.11).
export const DASHBOARD_CSS = `
.what-is-this{font-size:var(--text-xs);color:var(--muted);margin:var(--space-1) 0 0}
.what-is-this summary{cursor:pointer;width:max-content;max-width:100%}
.what-is-this p{margin:var(--space-1) 0 0;max-width:40rem}
.install{background:var(--surface);border:1px solid var(--line);border-radius:var(--radius-lg);padding:var(--space-4);margin:var(--space-4) 0}
.snippet{display:block;white-space:pre-wrap;overflow-wrap:anywhere;background:var(--surface-2);border:1px solid var(--line);border-radius:var(--radius-sm);padding:var(--space-2) var(--space-3);font-family:var(--mono);font-size:var(--text-sm)}
figure{margin:0}.chart{min-height:2rem;margin:var(--space-2) 0;max-width:100%;overflow:hidden}
.period{display:flex;flex-wrap:wrap;gap:var(--space-2) var(--space-3);align-items:flex-end;margin:0 0 var(--space-4)}
.period .field{margin:0}
.period .field input,.period .field select{width:auto}
.period-presets{display:flex;flex-wrap:wrap;gap:var(--space-1);list-style:none;margin:0;padding:0}
.period-presets a{display:block;padding:var(--space-1) var(--space-3);border:1px solid var(--line);border-radius:999px;background:var(--surface);color:var(--fg);text-decoration:none;font-size:var(--text-sm);white-space:nowrap}
.period-presets a:hover{background:var(--surface-2)}
.period-presets a[aria-current=true]{background:var(--accent);border-color:var(--accent);color:var(--accent-fg);font-weight:600}
.period-custom>summary{cursor:pointer;font-size:var(--text-sm);font-weight:600;color:var(--accent);padding:var(--space-1) 0}
.period-custom[open]>summary{margin-bottom:var(--space-2)}
.timeline{list-style:none;padding:0;border-left:3px solid var(--line);margin-left:var(--space-2)}
.timeline li{padding:var(--space-1) 0 var(--space-3) var(--space-4);position:relative}
.timeline li::before{content:"";position:absolute;left:-.5rem;top:.6rem;width:.7rem;height:.7rem;border-radius:50%;background:var(--muted)}
.filters{display:flex;flex-wrap:wrap;gap:var(--space-2) var(--space-4);align-items:flex-end}
.raw{background:var(--surface-2);border:1px solid var(--line);border-radius:var(--radius-sm);padding:var(--space-2);max-height:20rem;overflow:auto;font-size:var(--text-sm)}
.deliveries>li{border-top:1px solid var(--line);padding-top:var(--space-2)}.deliveries h3{font-size:var(--text-base);margin:var(--space-1) 0}
.filters .field{margin:0}.filters .field select{width:auto}
.uplot{color:var(--fg);font-family:var(--font)}.u-legend{max-width:100%;font-size:var(--text-sm)}.u-legend .u-series{white-space:normal}
.live-dot{display:inline-block;width:.6rem;height:.6rem;border-radius:50%;background:var(--good);margin-right:var(--space-1)}
.checklist{list-style:none;padding:0;margin:0 0 var(--space-5)}
.checklist li{background:var(--surface);border:1px solid var(--line);border-radius:var(--radius);padding:var(--space-3);margin:var(--space-2) 0}
.checklist .state{font-weight:700;margin-right:var(--space-2)}.checklist p{margin:var(--space-1) 0 0}
.checklist [data-done="1"] .state{color:var(--good)}.checklist [data-done="0"] .state{color:var(--muted)}
.dash-toolbar{display:flex;flex-wrap:wrap;align-items:flex-start;justify-content:space-between;gap:var(--space-2) var(--space-4);margin:0 0 var(--space-3)}
.dash-toolbar .period{margin:0}
.dash-window{margin:0 0 var(--space-3)}
.active-filters{display:flex;flex-wrap:wrap;align-items:center;gap:var(--space-2);margin:0 0 var(--space-3);padding:0;list-style:none}
.active-filters .filter-chip{display:inline-flex;align-items:center;gap:var(--space-2);padding:var(--space-1) var(--space-1) var(--space-1) var(--space-3);border-radius:999px;background:var(--accent-soft);color:var(--fg);font-size:var(--text-sm)}
.active-filters .filter-chip a{display:inline-grid;place-items:center;min-width:1.75rem;min-height:1.75rem;border-radius:999px;text-decoration:none;font-weight:700}
.active-filters .filter-chip a:hover{background:var(--surface)}
.chart-card{margin:var(--space-4) 0}
.chart-legend ul{display:flex;flex-wrap:wrap;gap:var(--space-1) var(--space-2);list-style:none;margin:0 0 var(--space-2);padding:0}
.chart-legend .legend-at{margin:0 0 var(--space-1)}
.legend-item{background:var(--surface);color:var(--fg);border:1px solid var(--line);font-weight:500;min-height:2rem;padding:var(--space-1) var(--space-3)}
.legend-item:hover{background:var(--surface-2);color:var(--fg);border-color:var(--line-strong)}
.legend-item[aria-pressed=false]{background:transparent;color:var(--muted);text-decoration:line-through}
.legend-item .legend-value{font-variant-numeric:tabular-nums;font-weight:700}
.legend-item .swatch{font-size:var(--text-base)}
.series-0 .swatch{color:var(--series-0)}.series-1 .swatch{color:var(--series-1)}.series-2 .swatch{color:var(--series-2)}.series-3 .swatch{color:var(--series-3)}
.series-4 .swatch{color:var(--series-4)}.series-5 .swatch{color:var(--series-5)}.series-6 .swatch{color:var(--series-6)}.series-7 .swatch{color:var(--series-7)}
.breakdowns{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:var(--space-4);margin:var(--space-4) 0}
.breakdowns>:last-child:nth-child(odd){grid-column:1/-1}
.breakdown{width:100%;border-collapse:separate;border-spacing:0 3px;font-size:var(--text-sm)}
.breakdown thead th{background:none;padding:0 var(--space-2) var(--space-1);border:0}
.breakdown td{border:0;padding:var(--space-1) var(--space-2);vertical-align:middle}
.breakdown td.num{width:4.5rem}
.bar-cell{position:relative}
.bar-cell .bar{position:absolute;left:0;top:0;width:100%;height:100%;fill:var(--accent-soft);pointer-events:none}
.bar-cell>a,.bar-cell>span{position:relative}
.bar-cell>a[aria-current=true]{font-weight:700}
.bar-cell .row-hint{display:block;font-size:var(--text-xs)}
.breakdown-card details{margin-top:var(--space-2);font-size:var(--text-sm)}
.tier-counts{display:flex;flex-wrap:wrap;gap:var(--space-1) var(--space-3);margin:0 0 var(--space-2);font-size:var(--text-sm)}
.site-overview{margin:var(--space-4) 0}
@media (max-width:56rem){.breakdowns{grid-template-columns:minmax(0,1fr)}}
@media (max-width:40rem){.tiles .value{font-size:var(--text-2xl)}.period-presets{flex-wrap:nowrap;overflow-x:auto;padding-bottom:var(--space-1)}.dash-toolbar,.dash-toolbar>.period{display:block}}
.breakdown .bar-cell>a{color:var(--fg);text-decoration:none}
.breakdown .bar-cell>a:hover,.breakdown .bar-cell>a:focus-visible{text-decoration:underline;color:var(--accent-strong)}
`;
