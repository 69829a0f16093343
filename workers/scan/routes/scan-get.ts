import type { OpenAPIHono } from "@hono/zod-openapi";
import { database } from "@shared/db/client";
import { ApiError } from "@shared/errors/api-error";
import { ScanIdParam } from "@shared/scan/scan-id";
import { findScan } from "@shared/scan/scan-store";
import type { ScanAppEnv } from "../app-env";

/** The scan id's shape, for routes that answer HTML rather than a JSON error. */
export const SCAN_ID = { test: (id: string) => ScanIdParam.safeParse({ id }).success };

// A result only changes by a repeat's seenCount/lastSeenAt (and so, rarely, which
// earlier result its `changes` compare with), so caches may keep it a minute and serve
// it stale for ten while revalidating.
export const SCAN_CACHE_CONTROL = "public, max-age=60, stale-while-revalidate=600";

export function registerScanGet(app: OpenAPIHono<ScanAppEnv>) {
  app.get("/api/scan/:id", async (c) => {
    const id = c.req.param("id");
    if (!ScanIdParam.safeParse({ id }).success) throw new ApiError("invalid_request", "Invalid scan ID");
    const scan = await findScan(database(c.env.DB), id.toLowerCase());
    if (!scan) throw new ApiError("not_found", "Scan not found");
    c.header("Cache-Control", SCAN_CACHE_CONTROL);
    return c.json(scan);
  });
}
