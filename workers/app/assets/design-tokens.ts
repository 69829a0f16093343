// The design system's tokens (docs/app.md "Design system"): one type scale, one spacing
// scale, radii and the colour roles, for the light scheme and for the dark one
// (`prefers-color-scheme: dark`). Every page's components read these variables only, so
// a colour or a size changes here and nowhere else.
//
// Contrast (WCAG 2.2 AA, measured with the relative-luminance formula of 1.4.3): body
// text --fg is 16.7:1 on --bg (15.8:1 dark); --muted text at least 5.8:1 on every surface
// (6.8:1 dark); --accent text and white on --accent 7.9:1 (8.7:1 and 8.9:1 dark); the
// status colours at least 4.6:1 on their soft backgrounds; --line-strong, the border of
// fields and buttons, at least 3.9:1 against its surface (1.4.11 asks 3:1).
export const DESIGN_TOKENS = `
:root{
  color-scheme:light dark;
  --font:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",sans-serif;
  --mono:ui-monospace,"SFMono-Regular",Menlo,Consolas,monospace;
  --text-xs:.75rem;--text-sm:.875rem;--text-base:1rem;--text-lg:1.125rem;--text-xl:1.25rem;--text-2xl:1.5rem;--text-3xl:1.875rem;
  --leading:1.5;--leading-tight:1.2;
  --space-1:.25rem;--space-2:.5rem;--space-3:.75rem;--space-4:1rem;--space-5:1.5rem;--space-6:2rem;--space-8:3rem;
  --radius-sm:4px;--radius:8px;--radius-lg:12px;
  --page-width:76rem;
  --shadow:0 1px 2px rgba(16,24,40,.06),0 1px 3px rgba(16,24,40,.08);
  --bg:#f6f7f9;--surface:#fff;--surface-2:#eef0f4;
  --fg:#15171c;--muted:#565d6b;
  --line:#dfe3e8;--line-strong:#7a8190;
  --accent:#4338ca;--accent-fg:#fff;--accent-soft:#eef0ff;--accent-strong:#3730a3;
  --good:#17713a;--good-soft:#e9f6ec;
  --bad:#b42318;--bad-soft:#fdecea;
  --warn:#8a5300;--warn-soft:#fdf3e1;
  --focus:#4338ca;
  --series-0:#0b57d0;--series-1:#b3261e;--series-2:#1e6b34;--series-3:#7a4a00;--series-4:#6a1b9a;--series-5:#00695c;--series-6:#ad1457;--series-7:#37474f;
  --chart-grid:#dfe3e8;
}
@media (prefers-color-scheme:dark){
  :root{
    --shadow:none;
    --bg:#0e1014;--surface:#171a21;--surface-2:#1f232c;
    --fg:#e8eaef;--muted:#a4abb8;
    --line:#2c313c;--line-strong:#7b8394;
    --accent:#a5b4fc;--accent-fg:#11143a;--accent-soft:#262b4d;--accent-strong:#c7d0ff;
    --good:#6fdd8b;--good-soft:#15291c;
    --bad:#ff8a80;--bad-soft:#3a1816;
    --warn:#f5c35b;--warn-soft:#33270f;
    --focus:#a5b4fc;
    --series-0:#8ab4f8;--series-1:#f28b82;--series-2:#81c995;--series-3:#fdd663;--series-4:#d7aefb;--series-5:#78d9ec;--series-6:#ff8bcb;--series-7:#c5cae9;
    --chart-grid:#2c313c;
  }
}
`;
