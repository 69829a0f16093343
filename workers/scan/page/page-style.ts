// The one stylesheet of the scan pages (home and report), inlined so the strict CSP
// needs no style source. Status is always written as a word; colour only repeats it.
// Contrast of every text colour on its background is at least 4.5:1 (WCAG AA).
export const PAGE_STYLE = `
*{box-sizing:border-box}
body{overflow-wrap:anywhere;font:16px/1.5 system-ui,sans-serif;max-width:52rem;margin:0 auto;padding:1rem;color:#1b1b1b;background:#fff}
a{color:#0550ae}a:focus-visible,button:focus-visible,summary:focus-visible,input:focus-visible{outline:3px solid #0550ae;outline-offset:2px}
header.site{display:flex;justify-content:space-between;align-items:center;gap:1rem;border-bottom:1px solid #d0d7de;padding-bottom:.5rem;margin-bottom:1rem}
header.site a{font-weight:600;text-decoration:none}
form.scan{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center}form.scan input{flex:1 1 12rem;min-width:0;font:inherit;padding:.5rem}
button{font:inherit;padding:.5rem 1rem;cursor:pointer}
.notice{border:1px solid #d0d7de;border-left:4px solid #0550ae;padding:.5rem .75rem;margin:1rem 0;background:#f6f8fa}
.notice.error{border-left-color:#cf222e}
.score{display:flex;flex-wrap:wrap;gap:1.5rem;align-items:center;margin:1rem 0}
.gauge{width:9rem;height:9rem;flex:none}
.layers{list-style:none;padding:0;margin:0;flex:1 1 18rem}
.layers li{display:grid;grid-template-columns:8rem minmax(0,1fr) 4rem;gap:.5rem;align-items:center;margin:.25rem 0}.layers li>span:last-of-type{white-space:nowrap;text-align:right}
.bar{height:.6rem;background:#eaeef2;border-radius:.3rem;overflow:hidden}.bar span{display:block;height:100%;background:#57606a}
.layers small{grid-column:1/-1;color:#57606a;margin-top:-.25rem}
.fixes{padding-left:1.25rem}.fixes>li{margin:0 0 1rem}
.fix-head{display:flex;flex-wrap:wrap;gap:.25rem .75rem;align-items:baseline}
.status{font-size:.8rem;font-weight:700;text-transform:uppercase;letter-spacing:.03em;padding:0 .35rem;border:1px solid currentColor;border-radius:.2rem}
.status.fail{color:#a40e26}.status.warn{color:#7d4e00}.status.pass{color:#116329}.status.blocked{color:#57606a}
.points{font-weight:600}.muted{color:#57606a}
.fix{margin:.25rem 0}pre{background:#f6f8fa;padding:.5rem;font-size:.85rem;white-space:pre-wrap;overflow-wrap:anywhere}
code{background:#f2f2f2;padding:0 .2rem;word-break:break-all}
details{margin:.25rem 0}summary{cursor:pointer}
.journey{list-style:none;padding:0;counter-reset:step}.journey li{counter-increment:step;margin:.25rem 0;padding-left:2rem;position:relative}
.journey li::before{content:counter(step);position:absolute;left:0;width:1.5rem;text-align:center;font-weight:700}
h2.inline{display:inline;font-size:1.25rem}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@media (max-width:30rem){.layers li{grid-template-columns:minmax(0,1fr) 4rem}.layers .bar{grid-column:1/-1;grid-row:2}body{padding:.75rem}}
`;
