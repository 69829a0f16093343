// uPlot's browser build and stylesheet, bundled as strings by the `Text` module rule of
// workers/app/wrangler.toml and served from /app/assets/ (docs/app.md "Charts").

import script from "../../../node_modules/uplot/dist/uPlot.iife.min.js";
import css from "../../../node_modules/uplot/dist/uPlot.min.css";

export const UPLOT_VERSION = "1.6.32";
export const UPLOT_JS: string = script;
export const UPLOT_CSS: string = css;
