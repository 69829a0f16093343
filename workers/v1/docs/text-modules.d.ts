// Files bundled as text by the `Text` module rule of workers/v1/wrangler.toml.
declare module "*/@scalar/api-reference/dist/browser/standalone.js" {
  const text: string;
  export default text;
}
