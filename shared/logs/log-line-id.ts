/**
 * The `id` an imported log line is sent with (docs/integrations/import-logs.md
 * "Idempotent"): from the site, the line's number in the file and its text, so the same
 * file imported again, by `npm run import-logs` or by an upload in the app, stores each
 * line once. A line carrying its own request id (RayID, Vercel's requestId) keeps that
 * instead (shared/logs/to-drain-line.ts).
 */
export async function logLineId(site: string, lineNo: number, text: string): Promise<string> {
  const digest = new Uint8Array(
    await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${site}\n${lineNo}\n${text}`)),
  );
  let hex = "log-";
  for (let i = 0; i < 16; i++) hex += digest[i].toString(16).padStart(2, "0");
  return hex;
}
