import type { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { APP_CSS } from "../assets/app-css";
import { APP_JS } from "../assets/app-js";

// Served by the app itself; a short cache because the URLs carry no content hash.
export function registerAssets(app: Hono<AppEnv>) {
  app.get("/app/assets/app.css", (c) => {
    c.header("Cache-Control", "public, max-age=300");
    return c.body(APP_CSS, 200, { "Content-Type": "text/css; charset=utf-8" });
  });
  app.get("/app/assets/app.js", (c) => {
    c.header("Cache-Control", "public, max-age=300");
    return c.body(APP_JS, 200, { "Content-Type": "text/javascript; charset=utf-8" });
  });
}
