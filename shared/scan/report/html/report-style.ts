// The stylesheet of the scan report's own markup (report-view.ts), scoped to `.report` so
// it sits beside either page's styles: the public page inlines it, the application serves
// it as /app/assets/scan-report.css. Status is always written as a word; colour only
// repeats it. Every text colour has at least 4.5:1 contrast on its background (WCAG AA),
// in the dark scheme (`prefers-color-scheme: dark`, the block at the end) too.
export const REPORT_STYLE = `
.report{overflow-wrap:anywhere}
.report .notice{border:1px solid #d0d7de;border-left:4px solid #0550ae;padding:.5rem .75rem;margin:1rem 0;background:#f6f8fa}
.report .notice.error{border-left-color:#cf222e}
.report .score{display:flex;flex-wrap:wrap;gap:1.5rem;align-items:center;margin:1rem 0}
.report .gauge{width:9rem;height:9rem;flex:none}
.report .layers{list-style:none;padding:0;margin:0;flex:1 1 18rem}
.report .layers li{display:grid;grid-template-columns:8rem minmax(0,1fr) 4rem;gap:.5rem;align-items:center;margin:.25rem 0}.report .layers li>span:last-of-type{white-space:nowrap;text-align:right}
.report .bar{display:block;width:100%;height:.6rem;border-radius:.3rem}
.report .layers small{grid-column:1/-1;color:#57606a;margin-top:-.25rem}
.report .fixes{padding-left:1.25rem}.report .fixes>li{margin:0 0 1rem}
.report .fix-head{display:flex;flex-wrap:wrap;gap:.25rem .75rem;align-items:baseline}
.report .status{font-size:.8rem;font-weight:700;text-transform:uppercase;letter-spacing:.03em;padding:0 .35rem;border:1px solid currentColor;border-radius:.2rem}
.report .status.fail{color:#a40e26}.report .status.warn{color:#7d4e00}.report .status.pass{color:#116329}.report .status.blocked{color:#57606a}
.report .points{font-weight:600}.report .muted{color:#57606a}
.report .fix{margin:.25rem 0}.report pre{background:#f6f8fa;padding:.5rem;font-size:.85rem;white-space:pre-wrap;overflow-wrap:anywhere}
.report code{background:#f2f2f2;padding:0 .2rem;word-break:break-all}
.report details{margin:.25rem 0}.report summary{cursor:pointer}
.report .journey{list-style:none;padding:0;counter-reset:step}.report .journey li{counter-increment:step;margin:.25rem 0;padding-left:2rem;position:relative}
.report .journey li::before{content:counter(step);position:absolute;left:0;width:1.5rem;text-align:center;font-weight:700}
.report h2.inline{display:inline;font-size:1.25rem}
.report .visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@media (max-width:30rem){.report .layers li{grid-template-columns:minmax(0,1fr) 4rem}.report .layers .bar{grid-column:1/-1;grid-row:2}}
@media (prefers-color-scheme:dark){
.report .notice{border-color:#4d4d4d;border-left-color:#8ab4f8;background:#1d1d1f}
.report .notice.error{border-left-color:#f28b82}
.report .layers small,.report .muted,.report .status.blocked{color:#b4b4b4}
.report .status.fail{color:#f28b82}.report .status.warn{color:#fdd663}.report .status.pass{color:#81c995}
.report pre,.report code{background:#262626}
.report .gauge text{fill:#e6e6e6}.report .gauge text+text{fill:#b4b4b4}.report .gauge circle:first-of-type{stroke:#3a3a3a}
.report .bar rect{fill:#3a3a3a}.report .bar rect+rect{fill:#b4b4b4}
}
`;
