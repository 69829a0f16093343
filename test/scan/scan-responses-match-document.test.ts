import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { PER_DOMAIN } from "../../workers/scan/scan-rate-limit";
import { OpenApiResponseCheck, type RealResponse } from "../helpers/openapi-response-check";
import { parseSse } from "./scan-client";

// Every answer of real scans of the fixture shops, checked against the served
// /api/scan/openapi.json as a validating proxy would (issue: `layer` was declared
// `{"enum":[1]}`, so every stored result broke the document 33 times).

let check: OpenApiResponseCheck;
beforeAll(async () => {
  const res = await exports.default.fetch("http://scan.local/api/scan/openapi.json");
  check = new OpenApiResponseCheck(await res.json());
});

async function send(method: string, path: string, init: RequestInit = {}): Promise<RealResponse> {
  const res = await exports.default.fetch(`http://scan.local${path}`, { method, ...init });
  return { method, url: path, status: res.status, headers: res.headers, body: await res.text() };
}

const postScan = (domain: string, ip: string) =>
  send("POST", "/api/scan", {
    headers: { "content-type": "application/json", "CF-Connecting-IP": ip },
    body: JSON.stringify({ domain }),
  });

describe("real scans against the served Scan API document", () => {
  // A shop that passes nearly everything, a JavaScript shell that blocks agents, a bot
  // challenge, a robots.txt that shuts everyone out, and a host that never answers.
  const shops = ["good-shop.test", "js-shell.test", "challenge-shop.test", "robots-blocked.test", "down-shop.test"];

  it.each(shops.map((shop, i) => [shop, i]))(
    "%s: the event stream, the stored result and each layer's checks match the document",
    async (shop, i) => {
      const stream = await postScan(shop as string, `198.51.100.${60 + (i as number)}`);
      expect(check.check(stream)).toEqual([]);
      expect(stream.status).toBe(200);
      const events = parseSse(stream.body);
      const layerChecks = events.filter((e) => e.event === "layer").flatMap((e) => e.data.checks as unknown[]);
      expect(layerChecks).toHaveLength(41);
      for (const c of layerChecks) expect(check.validateComponent("CheckResult", c)).toEqual([]);
      const complete = events.at(-1);
      expect(complete?.event).toBe("complete");

      const stored = await send("GET", `/api/scan/${complete?.data.id}`);
      expect(stored.status).toBe(200);
      expect(check.check(stored)).toEqual([]);
      const body = JSON.parse(stored.body) as { checkResults: { layer: number }[] };
      // Every layer appears: the document must admit 1 to 5, not only 1.
      expect([...new Set(body.checkResults.map((c) => c.layer))].sort()).toEqual([1, 2, 3, 4, 5]);
    },
  );

  it("the refusals (bad JSON, bad domain, bad id, unknown id, rate limit) match the document too", async () => {
    const answers = [
      await send("POST", "/api/scan", { headers: { "content-type": "application/json" }, body: "{domain:" }),
      await postScan("localhost", "198.51.100.70"),
      await send("GET", "/api/scan/not-a-uuid"),
      await send("GET", "/api/scan/6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f"),
    ];
    const limited = env.RATE_WINDOW.get(env.RATE_WINDOW.idFromName("scan-domain:documented-limit.example.com"));
    for (let n = 0; n < 5; n++) await limited.hit(PER_DOMAIN);
    answers.push(await postScan("documented-limit.example.com", "198.51.100.71"));
    expect(answers.map((a) => a.status)).toEqual([400, 400, 400, 404, 429]);
    for (const a of answers) expect(check.check(a)).toEqual([]);
  });

  it("the document's check would catch a wrong answer (a layer 6, a missing key, an undeclared status)", () => {
    const good = { layer: 5, key: "llms_txt", status: "pass", message: "ok", fix: null, evidence: null };
    expect(check.validateComponent("CheckResult", good)).toEqual([]);
    expect(check.validateComponent("CheckResult", { ...good, layer: 6 })).not.toEqual([]);
    const { key: _dropped, ...keyless } = good;
    expect(check.validateComponent("CheckResult", keyless)).not.toEqual([]);
    const teapot = { method: "GET", url: "/api/scan/x", status: 418, headers: new Headers(), body: "" };
    expect(check.check(teapot)).toEqual([expect.stringContaining("status 418 is not declared")]);
  });
});
