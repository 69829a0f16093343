// The Scalar API reference's self-contained browser bundle (MIT, @scalar/api-reference),
// imported as text through the `Text` module rule of workers/v1/wrangler.toml, so the
// Worker serves it itself and /api/v1/docs needs no CDN. The package does not export
// the file, hence the path into node_modules.
import bundle from "../../../node_modules/@scalar/api-reference/dist/browser/standalone.js";

export const SCALAR_BUNDLE: string = bundle;
