// Rewrites docs/api.md's error-code table from the catalogue (shared/result/error-codes.ts):
// the table after ERROR_TABLE_MARKER, up to the first blank line.
// test/unit/error-codes-documented.test.ts fails while the two differ.
import { readFileSync, writeFileSync } from "node:fs";
import { ERROR_TABLE_MARKER, errorCodeTable } from "../shared/errors/error-table";

const file = new URL("../docs/api.md", import.meta.url);
const guide = readFileSync(file, "utf8");
const at = guide.indexOf(ERROR_TABLE_MARKER);
if (at < 0) throw new Error(`docs/api.md has no line ${ERROR_TABLE_MARKER}`);
const start = at + ERROR_TABLE_MARKER.length + 1;
const end = guide.indexOf("\n\n", start);
writeFileSync(file, `${guide.slice(0, start)}${errorCodeTable()}${guide.slice(end)}`);
console.log("docs/api.md: error-code table written from the catalogue");
