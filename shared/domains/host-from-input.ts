/**
 * The host of what a person typed or pasted into a domain field: a bare host stays as it
 * is; a URL (`https://shop.example/products/x?y`) keeps only its host. Normalisation
 * (docs/decisions.md#4-domains) is the server's; this only spares the person a 400 for a pasted URL.
 * Self-contained (no imports, no inner functions): the scan page embeds its source.
 */
export function hostFromInput(text: string): string {
  const trimmed = text.trim();
  if (trimmed === "") return trimmed;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  try {
    return new URL(withScheme).hostname || trimmed;
  } catch {
    return trimmed;
  }
}
