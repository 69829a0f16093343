import type { OpenAPIHono } from "@hono/zod-openapi";
import type { ScanAppEnv } from "../app-env";
import { pageHtml } from "../page/page-html";

// Inline script and style only; nothing may load from elsewhere or frame the page.
export const PAGE_CSP =
  "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

export function registerPage(app: OpenAPIHono<ScanAppEnv>) {
  app.get("/", (c) => {
    const infoUrl = c.env.SCANNER_INFO_URL || `${new URL(c.req.url).origin}/#scanner`;
    c.header("Content-Security-Policy", PAGE_CSP);
    c.header("Cache-Control", "public, max-age=300");
    return c.html(pageHtml(infoUrl));
  });
}
