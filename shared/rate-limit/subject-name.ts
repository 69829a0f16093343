/**
 * The Durable Object name of a limited subject: its kind and a SHA-256 of the value (first
 * 128 bits), so the names Cloudflare shows and logs never hold a raw email, IP or URL
 * (docs/privacy.md "Logs"). Unkeyed on purpose: the name must be the same for a subject
 * on every request and in every isolate, and nothing else depends on it; whoever already
 * knows the value can recompute its name, which tells them only that a window may exist.
 */
export async function subjectName(kind: string, value: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${kind}\u0000${value}`));
  const hex = [...new Uint8Array(digest).slice(0, 16)].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${kind}:${hex}`;
}
