import { env } from "cloudflare:workers";
import { expect, it } from "vitest";
import { postScan } from "./scan-client";

// Storage is isolated per test file, so breaking the table here touches no other test.
it("ends the stream with exactly one scan-error event (after the contract's error) when the scan cannot be stored", async () => {
  await env.DB.exec("DROP TABLE scans");
  const { res, events } = await postScan("js-shell.test", "192.0.2.99");
  expect(res.status).toBe(200);
  const failure = { error: "Scan failed due to an internal error" };
  const terminal = events.filter((e) => ["complete", "error", "scan-error"].includes(e.event));
  // POST /api/scan keeps the contract's `error` for its clients, then the new name last.
  expect(terminal).toEqual([
    { event: "error", data: failure },
    { event: "scan-error", data: failure },
  ]);
  expect(events[events.length - 1]).toBe(terminal[1]);
  expect(events.filter((e) => e.event === "layer")).toHaveLength(5);
});

it("sends only scan-error on the EventSource stream (GET), whose client has an error event of its own", async () => {
  await env.DB.exec("DROP TABLE IF EXISTS scans");
  const { exports } = await import("cloudflare:workers");
  const res = await exports.default.fetch("http://scan.local/api/scan?domain=js-shell.test&rescan=true", {
    headers: { Accept: "text/event-stream", "CF-Connecting-IP": "192.0.2.98" },
  });
  const raw = await res.text();
  expect(res.status).toBe(200);
  expect(raw).toContain("event: scan-error\n");
  expect(raw).not.toMatch(/^event: error$/m);
});
