// `Authorization: Bearer <token>` (RFC 6750 §2.1). The scheme name is case-insensitive
// (RFC 9110 §11.1); any other scheme, or none, yields null.
export function bearerToken(header: string | null | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer[ ]+([^\s]+)[ ]*$/i.exec(header);
  return match ? match[1] : null;
}
