// The canonical storage-free snippet (contract "Site": attributes defer,
// data-site-id = public token, data-privacy = storage-free, src on the service host).
// The edge sends /sdk/* to the ingest Worker, which serves this script.
export const SNIPPET_SCRIPT_PATH = "/sdk/v1/agent.js";
export const PRIVACY_MODE = "storage-free";

function escapeAttribute(value: string): string {
  return value.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}

/** `baseUrl` is an origin such as `https://api.example.com` (no trailing slash needed). */
export function snippetFor(publicToken: string, baseUrl: string): string {
  const src = `${baseUrl.replace(/\/+$/, "")}${SNIPPET_SCRIPT_PATH}`;
  return `<script defer data-site-id="${escapeAttribute(publicToken)}" data-privacy="${PRIVACY_MODE}" src="${escapeAttribute(src)}"></script>`;
}

/** PUBLIC_BASE_URL when configured, else the origin the request came in on. */
export function serviceBaseUrl(publicBaseUrl: string | undefined, requestUrl: string): string {
  return publicBaseUrl && publicBaseUrl.length > 0 ? publicBaseUrl : new URL(requestUrl).origin;
}
