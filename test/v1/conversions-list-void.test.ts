import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { freshKey, get, type ListBody, order, post, type RecordBody, remove, seedSite } from "./conversions-fixtures";

async function page(key: Awaited<ReturnType<typeof freshKey>>, query: string): Promise<ListBody> {
  const res = await get(key, `/conversions${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as ListBody;
}

describe("GET /api/v1/conversions", () => {
  it("pages newest first and neither skips nor repeats rows recorded between pages", async () => {
    const key = await freshKey();
    for (let i = 1; i <= 5; i++) await post(key, [order(`p-${i}`)]);

    const first = await page(key, "?limit=2");
    expect(first.results.map((r) => r.external_id)).toEqual(["p-5", "p-4"]);
    expect(first.has_more).toBe(true);

    // Two new conversions arrive while the client pages.
    await post(key, [order("p-6"), order("p-7")]);
    const second = await page(key, `?limit=2&cursor=${encodeURIComponent(first.next_cursor)}`);
    expect(second.results.map((r) => r.external_id)).toEqual(["p-3", "p-2"]);
    const third = await page(key, `?limit=2&cursor=${encodeURIComponent(second.next_cursor)}`);
    expect(third.results.map((r) => r.external_id)).toEqual(["p-1"]);
    expect(third.has_more).toBe(false);
    const past = await page(key, `?limit=2&cursor=${encodeURIComponent(third.next_cursor)}`);
    expect(past).toMatchObject({ results: [], has_more: false });

    const fresh = await page(key, "");
    expect(fresh.results.map((r) => r.external_id)).toEqual(["p-7", "p-6", "p-5", "p-4", "p-3", "p-2", "p-1"]);
  });

  it("filters by domain and answers an unknown domain 404 site_not_found and a malformed one 400", async () => {
    const key = await freshKey();
    await seedSite(key.workspaceId, "a.example");
    await seedSite(key.workspaceId, "b.example");
    await post(key, [
      order("d-1", { site: "a.example" }),
      order("d-2", { site: "b.example" }),
      order("d-3", { site: "a.example" }),
    ]);
    const onlyA = await page(key, "?domain=WWW.A.example");
    expect(onlyA.results.map((r) => r.external_id)).toEqual(["d-3", "d-1"]);
    const missing = await get(key, "/conversions?domain=c.example");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: "site_not_found" });
    const malformed = await get(key, "/conversions?domain=https://a.example/x");
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: "invalid_domain" });
  });

  it("rejects a tampered, foreign or garbage cursor with 400 invalid_cursor", async () => {
    const key = await freshKey();
    const other = await freshKey();
    await post(key, [order("c-1"), order("c-2")]);
    const first = await page(key, "?limit=1");
    const [payload, mac] = first.next_cursor.split(".");
    const forged = `${btoa(JSON.stringify({ v: 1, l: "conversions", p: [999999] })).replace(/=+$/, "")}.${mac}`;
    for (const cursor of ["garbage", `${payload}.AAAA`, forged]) {
      const res = await get(key, `/conversions?cursor=${encodeURIComponent(cursor)}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: "invalid_cursor" });
    }
    const foreign = await get(other, `/conversions?cursor=${encodeURIComponent(first.next_cursor)}`);
    expect(foreign.status).toBe(400);
    expect(await foreign.json()).toMatchObject({ code: "invalid_cursor" });
  });

  it("validates limit (1-200, default 50)", async () => {
    const key = await freshKey();
    await post(
      key,
      Array.from({ length: 60 }, (_, i) => order(`lim-${i}`)),
    );
    expect((await page(key, "")).results).toHaveLength(50);
    for (const limit of ["0", "201", "abc", "1.5"]) {
      const res = await get(key, `/conversions?limit=${limit}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: "invalid_request" });
    }
  });
});

describe("DELETE /api/v1/conversions/{external_id}", () => {
  it("voids with 204 and an empty body; the id still de-duplicates and shows only with include_voided", async () => {
    const key = await freshKey();
    const posted = (await (await post(key, [order("v-1"), order("v-2")])).json()) as RecordBody;
    const del = await remove(key, "v-1");
    expect(del.status).toBe(204);
    expect(await del.text()).toBe("");
    expect(del.headers.get("X-Request-Id")).toBeTruthy();

    expect((await page(key, "")).results.map((r) => r.external_id)).toEqual(["v-2"]);
    const withVoided = await page(key, "?include_voided=true");
    expect(withVoided.results.map((r) => [r.external_id, r.voided])).toEqual([
      ["v-2", false],
      ["v-1", true],
    ]);

    const repost = (await (await post(key, [order("v-1", { value_minor: 1 })])).json()) as RecordBody;
    expect(repost.results[0]).toEqual({
      external_id: "v-1",
      status: "duplicate",
      conversion_id: posted.results[0].conversion_id,
    });
    expect((await page(key, "")).results.map((r) => r.external_id)).toEqual(["v-2"]);
  });

  it("answers 204 for an id that never existed and for a second void", async () => {
    const key = await freshKey();
    await post(key, [order("twice-void")]);
    expect((await remove(key, "never-was")).status).toBe(204);
    expect((await remove(key, "twice-void")).status).toBe(204);
    expect((await remove(key, "twice-void")).status).toBe(204);
  });

  it("handles external ids with slashes, spaces and non-ASCII characters", async () => {
    const key = await freshKey();
    const id = "shop/2026 #42 ü";
    await post(key, [order(id)]);
    expect((await page(key, "")).results.map((r) => r.external_id)).toEqual([id]);
    expect((await remove(key, id)).status).toBe(204);
    expect((await page(key, "")).results).toEqual([]);
  });
});

describe("workspace isolation and scopes", () => {
  it("shows another workspace nothing and does not let it void", async () => {
    const owner = await freshKey();
    const stranger = await freshKey();
    await seedSite(owner.workspaceId, "owned.example");
    await post(owner, [order("iso-1", { site: "owned.example" })]);

    expect((await page(stranger, "")).results).toEqual([]);
    const foreignDomain = await get(stranger, "/conversions?domain=owned.example");
    expect(foreignDomain.status).toBe(404);
    expect(await foreignDomain.json()).toMatchObject({ code: "site_not_found" });
    expect((await remove(stranger, "iso-1")).status).toBe(204);
    expect((await page(owner, "")).results.map((r) => [r.external_id, r.voided])).toEqual([["iso-1", false]]);

    // The same external_id in another workspace is a different conversion.
    const theirs = (await (await post(stranger, [order("iso-1")])).json()) as RecordBody;
    expect(theirs.results[0].status).toBe("accepted");
  });

  it("needs conversions:write to post or void and conversions:read to list", async () => {
    const reader = await freshKey(["conversions:read"]);
    const writer = await freshKey(["conversions:write"]);
    const provisioning = await freshKey(["sites:write", "traffic:read"]);
    for (const res of [await post(reader, [order("s-1")]), await remove(reader, "s-1")]) {
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ code: "insufficient_scope" });
    }
    for (const key of [writer, provisioning]) {
      const res = await get(key, "/conversions");
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ code: "insufficient_scope" });
    }
    expect((await post(writer, [order("s-1")])).status).toBe(200);
    expect((await get(reader, "/conversions")).status).toBe(200);
  });

  it("answers a missing key 401 unauthorized with WWW-Authenticate", async () => {
    const anon = await exports.default.fetch("http://x/api/v1/conversions", { method: "POST", body: "{}" });
    expect(anon.status).toBe(401);
    expect(anon.headers.get("WWW-Authenticate")).toMatch(/^Bearer/);
    expect(await anon.json()).toMatchObject({ code: "unauthorized" });
  });
});
