import { REPORT_STYLE } from "@shared/scan/report/html/report-style";

// The one stylesheet of the scan pages (home and report), inlined so the strict CSP
// needs no style source: the page frame here, the report's own rules from the renderer
// both Workers share. Contrast of every text colour is at least 4.5:1 (WCAG AA).
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
.progress{margin:1rem 0 0}.progress label{display:block;font-weight:600}.progress progress{width:100%;height:1rem;accent-color:#0550ae}
.muted{color:#57606a}
code{background:#f2f2f2;padding:0 .2rem;word-break:break-all}
@media (max-width:30rem){body{padding:.75rem}}
:root{color-scheme:light dark}
@media (prefers-color-scheme:dark){
body{color:#e6e6e6;background:#121212}
a{color:#8ab4f8}a:focus-visible,button:focus-visible,summary:focus-visible,input:focus-visible{outline-color:#8ab4f8}
header.site{border-color:#4d4d4d}
.notice{border-color:#4d4d4d;border-left-color:#8ab4f8;background:#1d1d1f}.notice.error{border-left-color:#f28b82}
.muted{color:#b4b4b4}code{background:#262626}
.progress progress{accent-color:#8ab4f8}
}
${REPORT_STYLE}`;
