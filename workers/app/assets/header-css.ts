// The header every signed-in page shares (layout/layout.tsx): brand, main navigation,
// the workspace menu and "Sign out" on one line from 70rem (1,120 px) up. Narrower, the
// navigation and the account controls fold into a panel behind a "Menu" button
// (app-js.ts opens it); a browser without scripting (`scripting: none`) keeps them
// shown, wrapped, so no page depends on the script. The main navigation scrolls
// sideways inside itself rather than widening the page.
export const HEADER_CSS = `
.top{display:flex;align-items:center;gap:var(--space-2) var(--space-4);padding:var(--space-2) var(--space-4);min-height:3.5rem;background:var(--surface);border-bottom:1px solid var(--line);position:relative;z-index:10}
.brand{display:inline-flex;align-items:center;gap:var(--space-2);font-weight:700;color:var(--fg);text-decoration:none;white-space:nowrap;flex:none}
.brand:hover{color:var(--fg)}
.brand-mark{display:inline-grid;place-items:center;width:1.75rem;height:1.75rem;border-radius:var(--radius);background:var(--accent);color:var(--accent-fg);font-size:var(--text-sm)}
.top-menu{display:flex;align-items:center;gap:var(--space-2) var(--space-4);flex:1 1 auto;min-width:0}
.top nav{flex:1 1 auto;min-width:0}
.top nav ul{display:flex;gap:var(--space-1);list-style:none;margin:0;padding:0;overflow-x:auto}
.top nav a{display:block;padding:var(--space-1) var(--space-3);border-radius:var(--radius);color:var(--muted);text-decoration:none;font-size:.9375rem;font-weight:500;white-space:nowrap}
.top nav a:hover{color:var(--fg);background:var(--surface-2)}
.top nav a[aria-current=page]{color:var(--accent-strong);background:var(--accent-soft);font-weight:600}
.top-account{display:flex;align-items:center;gap:var(--space-2);flex:none;min-width:0}
.top-account .account{margin:0}
.menu-button{display:none;margin-left:auto}
.menu{position:relative}
.menu>summary{list-style:none;cursor:pointer;display:flex;align-items:center;gap:var(--space-2);padding:var(--space-1) var(--space-3);border:1px solid var(--line);border-radius:var(--radius);font-size:var(--text-sm);max-width:14rem}
.menu>summary::-webkit-details-marker{display:none}
.menu>summary::after{content:"";flex:none;width:.45rem;height:.45rem;border-right:2px solid currentColor;border-bottom:2px solid currentColor;transform:translateY(-20%) rotate(45deg)}
.menu[open]>summary::after{transform:translateY(20%) rotate(-135deg)}
.menu-name{overflow:hidden;text-overflow:ellipsis;white-space:nowrap;min-width:0}
.menu-panel{position:absolute;right:0;top:calc(100% + var(--space-1));width:min(20rem,calc(100vw - 2rem));background:var(--surface);border:1px solid var(--line);border-radius:var(--radius);box-shadow:0 8px 24px rgba(16,24,40,.14);padding:var(--space-3);z-index:30}
.menu-panel .field{margin:0 0 var(--space-2)}
.menu-panel .field select{width:100%}
.email{color:var(--fg);overflow-wrap:anywhere}
@media (max-width:70rem){
  .top{flex-wrap:wrap}
  .top-menu{flex-basis:100%;flex-direction:column;align-items:stretch;padding:var(--space-2) 0}
  .top-account{flex-wrap:wrap;justify-content:space-between}
  .menu-panel{position:static;width:auto;box-shadow:none;margin-top:var(--space-2)}
  .menu>summary{max-width:none}
}
@media (max-width:70rem) and (scripting:enabled){
  .menu-button{display:inline-flex}
  .top-menu:not(.open){display:none}
  .top nav ul{flex-direction:column;overflow:visible}
  .top nav a{padding:var(--space-2) var(--space-3)}
}
`;
