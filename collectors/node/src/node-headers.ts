/** Node's `IncomingMessage.headers` shape: lower-case names; repeated headers as arrays. */
export type NodeHeaders = Record<string, string | string[] | number | undefined>;

export function readNodeHeader(headers: NodeHeaders, name: string): string | null {
  const v = headers[name];
  if (v === undefined) return null;
  return Array.isArray(v) ? v.join(", ") : String(v);
}

/** A Node request's absolute URL from its Host header; `http` unless told otherwise. */
export function nodeUrl(headers: NodeHeaders, path: string, protocol = "http"): string {
  const host = readNodeHeader(headers, "host") ?? "localhost";
  return `${protocol}://${host}${path.startsWith("/") ? path : `/${path}`}`;
}
