import type { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { DASHBOARD_CSS } from "./dashboard-css";
import { DASHBOARD_JS } from "./dashboard-js";
import { LIVE_JS } from "./live-js";
import { REFRESH_JS } from "./refresh-js";
import { UPLOT_CSS, UPLOT_JS, UPLOT_VERSION } from "./uplot-assets";

export const DASHBOARD_SCRIPT = "/app/assets/dashboard.js";
export const DASHBOARD_STYLE = "/app/assets/dashboard.css";
export const LIVE_SCRIPT = "/app/assets/live.js";
export const REFRESH_SCRIPT = "/app/assets/refresh.js";
export const UPLOT_SCRIPT = `/app/assets/uplot-${UPLOT_VERSION}.js`;
export const UPLOT_STYLE = `/app/assets/uplot-${UPLOT_VERSION}.css`;

const js = "text/javascript; charset=utf-8";
const css = "text/css; charset=utf-8";

// The dashboard's own files get the app's short cache; uPlot's carry their version in
// the URL and are cached for a year.
export function registerDashboardAssets(app: Hono<AppEnv>) {
  const files: [string, string, string, string][] = [
    [DASHBOARD_SCRIPT, DASHBOARD_JS, js, "public, max-age=300"],
    [DASHBOARD_STYLE, DASHBOARD_CSS, css, "public, max-age=300"],
    [LIVE_SCRIPT, LIVE_JS, js, "public, max-age=300"],
    [REFRESH_SCRIPT, REFRESH_JS, js, "public, max-age=300"],
    [UPLOT_SCRIPT, UPLOT_JS, js, "public, max-age=31536000, immutable"],
    [UPLOT_STYLE, UPLOT_CSS, css, "public, max-age=31536000, immutable"],
  ];
  for (const [path, body, type, cache] of files) {
    app.get(path, (c) => {
      c.header("Cache-Control", cache);
      return c.body(body, 200, { "Content-Type": type });
    });
  }
}
