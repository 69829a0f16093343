import { type CursorBinding, type CursorPosition, encodeCursor, readCursor } from "./keyset-cursor";

// One keyset-paging helper for every list (docs/v1-routes.md "Cursors"): a list names
// the fields of its position once, as a tuple of kinds, and gets typed positions back
// from the signed cursor (./keyset-cursor.ts). The wire format is the position array
// itself, so cursors issued before this helper stay valid.

/** A position field: a string, a non-negative safe integer, or one of a fixed set of strings. */
export type FieldKind = "string" | "integer" | readonly string[];
type FieldValue<K> = K extends "string"
  ? string
  : K extends "integer"
    ? number
    : K extends readonly (infer S)[]
      ? S
      : never;
export type PositionOf<F extends readonly FieldKind[]> = { -readonly [I in keyof F]: FieldValue<F[I]> };

export interface KeysetPager<P> {
  /** The typed position in `cursor`, or null when it is forged, foreign, malformed or of another shape. */
  read(cursor: string): Promise<P | null>;
  /** A signed cursor for `position`. */
  write(position: P): Promise<string>;
}

function fits(kind: FieldKind, value: string | number): boolean {
  if (kind === "string") return typeof value === "string";
  if (kind === "integer") return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
  return typeof value === "string" && kind.includes(value);
}

/** The position if `raw` has exactly the fields `fields` names, else null. */
export function typedPosition<const F extends readonly FieldKind[]>(
  fields: F,
  raw: CursorPosition,
): PositionOf<F> | null {
  if (raw.length !== fields.length) return null;
  return fields.every((kind, i) => fits(kind, raw[i])) ? (raw as PositionOf<F>) : null;
}

/** A pager for one list of one workspace; `binding` ties its cursors to both. */
export function keysetPager<const F extends readonly FieldKind[]>(
  key: CryptoKey,
  binding: CursorBinding,
  fields: F,
): KeysetPager<PositionOf<F>> {
  return {
    async read(cursor) {
      const raw = await readCursor(key, binding, cursor);
      return raw === null ? null : typedPosition(fields, raw);
    },
    write: (position) => encodeCursor(key, binding, position as CursorPosition),
  };
}
