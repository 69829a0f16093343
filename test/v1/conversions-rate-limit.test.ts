import { describe, expect, it } from "vitest";
import { freshKey, get, order, post, remove } from "./conversions-fixtures";

describe("conversion rate limits (docs/decisions.md#3-rate-limits)", () => {
  it("counts POST and DELETE against one 120/min write budget, separate from reads", async () => {
    // A fixed minute window can roll over mid-test; the X-RateLimit-Reset of every
    // response tells, and then the attempt is repeated with a fresh key.
    for (let attempt = 0; attempt < 3; attempt++) {
      const key = await freshKey();
      const voids = await Promise.all(Array.from({ length: 119 }, (_, i) => remove(key, `rl-${i}`)));
      const lastWrite = await post(key, [order("rl-post")]);
      const refused = await post(key, [order("rl-refused")]);
      const read = await get(key, "/conversions");
      const resets = new Set([...voids, lastWrite, refused].map((r) => r.headers.get("X-RateLimit-Reset")));
      if (resets.size !== 1) continue;

      expect(voids.every((r) => r.status === 204)).toBe(true);
      expect(lastWrite.status).toBe(200);
      expect(lastWrite.headers.get("X-RateLimit-Remaining")).toBe("0");
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(await refused.json()).toMatchObject({ code: "rate_limited" });
      expect(read.status).toBe(200);
      expect(read.headers.get("X-RateLimit-Limit")).toBe("120");
      return;
    }
    throw new Error("every attempt straddled a minute boundary");
    // Up to three rounds of 121 requests: on a loaded 2-core machine that outlasts the
    // default 5 s timeout, which says nothing about the limiter.
  }, 60_000);
});
