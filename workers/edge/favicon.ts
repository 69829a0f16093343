import type { RequestIdVariables } from "@shared/http/request-id";
import type { Hono } from "hono";

type EdgeApp = { Bindings: EdgeEnv; Variables: RequestIdVariables };

// Browsers ask every origin for /favicon.ico; without an answer each page view logged a
// 404 on the server and in the browser's console. One small SVG mark (the design
// system's accent, workers/app/assets/design-tokens.ts) answers it: browsers read an icon
// by its Content-Type, and SVG needs no binary file in the repository. It changes only
// with a deploy, so a day of caching.
export const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">' +
  '<rect width="32" height="32" rx="7" fill="#4338ca"/>' +
  '<path d="M9 16.5l4.5 4.5L23 11" fill="none" stroke="#fff" stroke-width="3.5" stroke-linecap="round" stroke-linejoin="round"/>' +
  "</svg>";

export function registerFavicon(app: Hono<EdgeApp>): void {
  app.get("/favicon.ico", (c) =>
    c.body(FAVICON_SVG, 200, { "Content-Type": "image/svg+xml", "Cache-Control": "public, max-age=86400" }),
  );
}
