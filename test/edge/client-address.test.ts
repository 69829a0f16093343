import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import edge from "../../workers/edge/index";

// Issue 41, lower findings: a local run took CF-Connecting-IP from the client, so any
// local program chose its own address (around the sign-in throttle and per-address
// limits, or "from" an AI operator's published range). The product Workers here echo
// the address that reached them (test/edge/vitest.config.ts).

const SENT = "20.171.206.7"; // an address a client claims, e.g. inside an AI operator's range

async function reached(res: Response) {
  expect(res.status).toBe(200);
  return ((await res.json()) as { clientAddress: string | null }).clientAddress;
}

describe("the client address the edge passes on", () => {
  it.each(["/ingest/e", "/app/sign-in", "/api/v1/sites", "/api/scan/x"])(
    "is the loopback in a local run, whatever the client sent (%s)",
    async (path) => {
      const res = await exports.default.fetch(`https://agents.example${path}`, {
        headers: { "CF-Connecting-IP": SENT },
      });
      expect(await reached(res)).toBe("127.0.0.1");
    },
  );

  it("is Cloudflare's in a deployment (the switch off): the header stands as it arrived (control)", async () => {
    const ctx = createExecutionContext();
    const res = await edge.fetch(
      new Request("https://agents.example/ingest/e", { headers: { "CF-Connecting-IP": SENT } }),
      { ...env, LOOPBACK_CLIENT_ADDRESS: "" },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(await reached(res)).toBe(SENT);
  });
});
