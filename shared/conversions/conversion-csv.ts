import type { CsvColumn } from "../encoding/csv";
import { ConversionListItem } from "./conversion-schema";

// The CSV form of GET /conversions (docs/conversions.md "CSV"): one column per field of
// ConversionListItem, under the same name and in the same order, so a CSV read back
// equals the JSON page (the shape's keys are the columns; no second list to keep).
export const CONVERSION_CSV: CsvColumn<ConversionListItem>[] = (
  Object.keys(ConversionListItem.shape) as Array<keyof ConversionListItem>
).map((name) => ({ name, value: (row) => row[name] }));
