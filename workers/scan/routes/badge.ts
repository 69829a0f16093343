import type { OpenAPIHono } from "@hono/zod-openapi";
import { database } from "@shared/db/client";
import { normalizeDomain } from "@shared/domains/normalize-domain";
import { ApiError } from "@shared/errors/api-error";
import { badgeSvg } from "@shared/scan/report/badge-svg";
import { findLatestScan } from "@shared/scan/scan-store";
import type { ScanAppEnv } from "../app-env";

// An SVG badge per domain with its latest overallScore, for shops to embed
// (docs/scan-report.md "Badge"). An hour of caching (a day stale while revalidating)
// keeps embeds cheap; a new scan shows within the hour.
export const BADGE_CACHE_CONTROL = "public, max-age=3600, stale-while-revalidate=86400";

export function registerBadge(app: OpenAPIHono<ScanAppEnv>) {
  app.get("/badge/:file", async (c) => {
    const file = c.req.param("file");
    if (!file.endsWith(".svg")) throw new ApiError("not_found", "Badges are at /badge/{domain}.svg");
    const domain = normalizeDomain(file.slice(0, -".svg".length));
    if (!domain.ok)
      throw new ApiError("invalid_domain", `Please enter a valid domain, such as example.com (${domain.message})`);
    const scan = await findLatestScan(database(c.env.DB), domain.domain);
    c.header("Content-Type", "image/svg+xml; charset=utf-8");
    c.header("X-Content-Type-Options", "nosniff");
    // "not scanned" is still an image (an <img> shows it), with a short cache so a first
    // scan appears soon.
    c.header("Cache-Control", scan ? BADGE_CACHE_CONTROL : "public, max-age=300");
    return c.body(badgeSvg(domain.domain, scan?.overallScore ?? null), scan ? 200 : 404);
  });
}
