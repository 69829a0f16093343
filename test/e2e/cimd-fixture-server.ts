import { createServer, type Server } from "node:http";

// An OAuth client that identifies itself by a metadata document (CIMD), hosted at
// https://cimd-client.test (mapped to this server through OUTBOUND_RESOLVE), and the
// same host turned hostile: a document URL that redirects to a loopback port.
export const CIMD_HOST = "cimd-client.test";
export const CIMD_CLIENT_ID = `https://${CIMD_HOST}/client.json`;
export const CIMD_REDIRECT_URI = `https://${CIMD_HOST}/callback`;

export interface CimdFixture {
  port: number;
  close: () => Promise<void>;
}

/** `/client.json`: the document; `/redirect/{port}/client.json`: 302 to http://127.0.0.1:{port}/client.json. */
export async function startCimdFixture(): Promise<CimdFixture> {
  const server: Server = createServer((req, res) => {
    const redirect = /^\/redirect\/(\d+)\/client\.json$/.exec(req.url ?? "");
    if (redirect) {
      res.writeHead(302, { Location: `http://127.0.0.1:${redirect[1]}/client.json` });
      res.end();
      return;
    }
    if (req.url === "/client.json") {
      res.writeHead(200, { "Content-Type": "application/json", "Cache-Control": "no-store" });
      res.end(
        JSON.stringify({
          client_id: CIMD_CLIENT_ID,
          client_name: "CIMD assistant",
          redirect_uris: [CIMD_REDIRECT_URI],
          grant_types: ["authorization_code", "refresh_token"],
          response_types: ["code"],
          token_endpoint_auth_method: "none",
        }),
      );
      return;
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return { port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
