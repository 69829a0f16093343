// Files bundled as text by the `Text` module rule of workers/app/wrangler.toml.
declare module "*/uplot/dist/uPlot.iife.min.js" {
  const text: string;
  export default text;
}
declare module "*/uplot/dist/uPlot.min.css" {
  const text: string;
  export default text;
}
