// A minimal RFC 8941 (Structured Field Values) parser and serializer: exactly what
// RFC 9421 signatures need (dictionaries, inner lists, strings, tokens, integers,
// booleans, byte sequences, parameters). Throws SfError on malformed input.

import { toBase64 } from "../encoding/base64";

export type BareItem = string | number | boolean | Uint8Array | { token: string };
export type Params = Map<string, BareItem>;
export interface Item {
  value: BareItem;
  params: Params;
}
export interface InnerList {
  items: Item[];
  params: Params;
}
export type Member = Item | InnerList;

export class SfError extends Error {}

class Cursor {
  i = 0;
  constructor(readonly s: string) {}
  peek(): string {
    return this.s[this.i] ?? "";
  }
  done(): boolean {
    return this.i >= this.s.length;
  }
  skipSp(): void {
    while (this.peek() === " ") this.i++;
  }
  skipOws(): void {
    while (this.peek() === " " || this.peek() === "\t") this.i++;
  }
}

function parseKey(c: Cursor): string {
  if (!/[a-z*]/.test(c.peek())) throw new SfError("bad key");
  const start = c.i;
  while (/[a-z0-9_\-.*]/.test(c.peek())) c.i++;
  return c.s.slice(start, c.i);
}

function parseBareItem(c: Cursor): BareItem {
  const ch = c.peek();
  if (ch === '"') {
    c.i++;
    let out = "";
    for (;;) {
      const x = c.s[c.i++];
      if (x === undefined) throw new SfError("unterminated string");
      if (x === "\\") {
        const y = c.s[c.i++];
        if (y !== '"' && y !== "\\") throw new SfError("bad escape");
        out += y;
      } else if (x === '"') return out;
      else if (x < " " || x > "~") throw new SfError("bad string char");
      else out += x;
    }
  }
  if (ch === ":") {
    c.i++;
    const end = c.s.indexOf(":", c.i);
    if (end < 0) throw new SfError("unterminated byte sequence");
    const b64 = c.s.slice(c.i, end);
    if (!/^[A-Za-z0-9+/=]*$/.test(b64)) throw new SfError("bad byte sequence");
    c.i = end + 1;
    return Uint8Array.from(atob(b64), (x) => x.charCodeAt(0));
  }
  if (ch === "?") {
    c.i++;
    const v = c.s[c.i++];
    if (v !== "0" && v !== "1") throw new SfError("bad boolean");
    return v === "1";
  }
  if (ch === "-" || /[0-9]/.test(ch)) {
    const m = /^-?[0-9]{1,15}(\.[0-9]{1,3})?/.exec(c.s.slice(c.i));
    if (!m) throw new SfError("bad number");
    c.i += m[0].length;
    return Number(m[0]);
  }
  if (/[A-Za-z*]/.test(ch)) {
    const start = c.i;
    while (/[A-Za-z0-9!#$%&'*+\-.^_`|~:/]/.test(c.peek())) c.i++;
    return { token: c.s.slice(start, c.i) };
  }
  throw new SfError("bad item");
}

function parseParams(c: Cursor): Params {
  const params: Params = new Map();
  while (c.peek() === ";") {
    c.i++;
    c.skipSp();
    const key = parseKey(c);
    let value: BareItem = true;
    if (c.peek() === "=") {
      c.i++;
      value = parseBareItem(c);
    }
    params.set(key, value);
  }
  return params;
}

function parseMember(c: Cursor): Member {
  if (c.peek() === "(") {
    c.i++;
    const items: Item[] = [];
    for (;;) {
      c.skipSp();
      if (c.peek() === ")") {
        c.i++;
        return { items, params: parseParams(c) };
      }
      const value = parseBareItem(c);
      items.push({ value, params: parseParams(c) });
      const next = c.peek();
      if (next !== " " && next !== ")") throw new SfError("bad inner list");
    }
  }
  const value = parseBareItem(c);
  return { value, params: parseParams(c) };
}

export function parseDictionary(input: string): Map<string, Member> {
  const c = new Cursor(input.trim());
  const dict = new Map<string, Member>();
  while (!c.done()) {
    const key = parseKey(c);
    let member: Member;
    if (c.peek() === "=") {
      c.i++;
      member = parseMember(c);
    } else {
      member = { value: true, params: parseParams(c) };
    }
    dict.set(key, member);
    c.skipOws();
    if (c.done()) break;
    if (c.peek() !== ",") throw new SfError("expected comma");
    c.i++;
    c.skipOws();
    if (c.done()) throw new SfError("trailing comma");
  }
  return dict;
}

export function parseItem(input: string): Item {
  const c = new Cursor(input.trim());
  const value = parseBareItem(c);
  const item = { value, params: parseParams(c) };
  if (!c.done()) throw new SfError("trailing characters");
  return item;
}

export function serializeBareItem(v: BareItem): string {
  if (typeof v === "string") return `"${v.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
  if (typeof v === "boolean") return v ? "?1" : "?0";
  if (typeof v === "number") return String(v);
  if (v instanceof Uint8Array) return `:${toBase64(v)}:`;
  return v.token;
}

export function serializeParams(params: Params): string {
  let out = "";
  for (const [k, v] of params) out += v === true ? `;${k}` : `;${k}=${serializeBareItem(v)}`;
  return out;
}

export function serializeInnerList(list: InnerList): string {
  const items = list.items.map((i) => serializeBareItem(i.value) + serializeParams(i.params)).join(" ");
  return `(${items})${serializeParams(list.params)}`;
}

export function serializeMember(m: Member): string {
  return "items" in m ? serializeInnerList(m) : serializeBareItem(m.value) + serializeParams(m.params);
}
