// An empty client-rendered application shell, judged from raw HTML without a parse: a
// mount point (id root/app/__next/__nuxt, <app-root>, <cx-storefront>) and under 200
// characters of visible text once scripts, styles and tags are removed. The same
// threshold as server_rendered_content's "shell".
const MOUNT = /<(app-root|cx-storefront)\b|\sid=["']?(root|app|__next|__nuxt|svelte|___gatsby)["'\s>]/i;

export function looksLikeAppShell(body: string): boolean {
  if (!MOUNT.test(body)) return false;
  const text = body
    .replace(/<(script|style|template|noscript)\b[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return text.length < 200;
}
