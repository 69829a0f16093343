// Monitor limits (project decision; docs/decisions.md#monitors-and-webhooks). Each
// monitored domain costs one crawl a day, so the ceiling matches the sites ceiling:
// an agency can watch every shop it registers.
export const MONITORS_PER_WORKSPACE = 1_000;

/** GET /monitors page size. */
export const MONITOR_PAGE = { min: 1, max: 100, default: 100 } as const;

/** GET /monitors/{id}/deliveries page size. */
export const DELIVERY_PAGE = { min: 1, max: 100, default: 20 } as const;
