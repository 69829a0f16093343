import { workerProject } from "../worker-project.ts";

// The product Workers are replaced by handlers that echo what reached them, so these
// tests prove the edge's routing, request-id propagation and /__scheduled fan-out.
function echo(upstream: string) {
  return async (request: Request) => {
    const url = new URL(request.url);
    if (url.pathname === "/__scheduled") {
      return Response.json({
        worker: upstream,
        cron: url.searchParams.get("cron"),
        at: url.searchParams.get("at"),
        outcomes: [],
      });
    }
    return Response.json(
      {
        upstream,
        path: url.pathname,
        requestId: request.headers.get("X-Request-Id"),
        clientAddress: request.headers.get("CF-Connecting-IP"),
      },
      { headers: { "X-Upstream": upstream } },
    );
  };
}

export default workerProject("edge", "wrangler.toml", {
  migrations: false,
  miniflare: {
    // The tests call the edge as https://agents.example/...: the service's host here.
    bindings: { PUBLIC_BASE_URL: "https://agents.example" },
    serviceBindings: { SCAN: echo("SCAN"), INGEST: echo("INGEST"), V1: echo("V1"), APP: echo("APP") },
  },
});
