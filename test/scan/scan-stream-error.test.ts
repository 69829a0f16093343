import { env } from "cloudflare:workers";
import { expect, it } from "vitest";
import { postScan } from "./scan-client";

// Storage is isolated per test file, so breaking the table here touches no other test.
it("ends the stream with exactly one error event when the scan cannot be stored", async () => {
  await env.DB.exec("DROP TABLE scans");
  const { res, events } = await postScan("js-shell.test", "192.0.2.99");
  expect(res.status).toBe(200);
  const terminal = events.filter((e) => e.event === "complete" || e.event === "error");
  expect(terminal).toEqual([{ event: "error", data: { error: "Scan failed due to an internal error" } }]);
  expect(events[events.length - 1]).toBe(terminal[0]);
  expect(events.filter((e) => e.event === "layer")).toHaveLength(5);
});
