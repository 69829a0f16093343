// The Scalar API reference's self-contained browser bundle (MIT, @scalar/api-reference,
// the version scripts/scalar-bundle.mjs names), imported as text through the `Text`
// module rule of workers/v1/wrangler.toml, so the Worker serves it itself and
// /api/v1/docs needs no CDN. Only this file of the package is needed:
// scripts/scalar-bundle.mjs fetches it at `npm install` (npm pack, integrity checked)
// into .vendor/, without the package's build-time dependency tree.
import bundle from "../../../.vendor/scalar-api-reference/standalone.js";

export const SCALAR_BUNDLE: string = bundle;
