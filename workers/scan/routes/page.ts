import type { OpenAPIHono } from "@hono/zod-openapi";
import type { ScanAppEnv } from "../app-env";
import { pageCsp } from "../page/page-csp";
import { pageHtml } from "../page/page-html";

export function registerPage(app: OpenAPIHono<ScanAppEnv>) {
  app.get("/", async (c) => {
    const infoUrl = c.env.SCANNER_INFO_URL || `${new URL(c.req.url).origin}/#scanner`;
    c.header("Content-Security-Policy", await pageCsp());
    c.header("Cache-Control", "public, max-age=300");
    return c.html(pageHtml(infoUrl));
  });
}
