import { describe, expect, it } from "vitest";
import { bucketSeries, bucketStarts, defaultInterval, seriesInterval } from "../../shared/reports/time-series";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (iso: string) => Date.parse(iso);

describe("series interval", () => {
  it("defaults to hours up to 48 hours and to days beyond", () => {
    const end = at("2026-11-22T12:30:00Z");
    expect(defaultInterval({ start: end - HOUR, end })).toBe("hour");
    expect(defaultInterval({ start: end - DAY, end })).toBe("hour");
    expect(defaultInterval({ start: end - 48 * HOUR, end })).toBe("hour");
    expect(defaultInterval({ start: end - 48 * HOUR - 1, end })).toBe("day");
    expect(defaultInterval({ start: end - 7 * DAY, end })).toBe("day");
  });

  it("keeps an interval asked for, and refuses hours over more than 48 hours as invalid_window", () => {
    const end = at("2026-11-22T12:30:00Z");
    expect(seriesInterval({ start: end - HOUR, end }, "day")).toEqual({ ok: true, value: "day" });
    expect(seriesInterval({ start: end - 48 * HOUR, end }, "hour")).toEqual({ ok: true, value: "hour" });
    const refused = seriesInterval({ start: end - 48 * HOUR - 1, end }, "hour");
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.code).toBe("invalid_window");
  });
});

describe("bucket starts", () => {
  it("lists every UTC hour a 24 h window touches, partial first and last hours included", () => {
    const starts = bucketStarts("hour", at("2026-11-21T12:30:00Z"), at("2026-11-22T12:30:00Z"));
    expect(starts).toHaveLength(25);
    expect(starts[0]).toBe(at("2026-11-21T12:00:00Z"));
    expect(starts[24]).toBe(at("2026-11-22T12:00:00Z"));
  });

  it("leaves out the bucket starting exactly at the exclusive end", () => {
    expect(bucketStarts("hour", at("2026-11-22T10:00:00Z"), at("2026-11-22T12:00:00Z"))).toEqual([
      at("2026-11-22T10:00:00Z"),
      at("2026-11-22T11:00:00Z"),
    ]);
    expect(bucketStarts("day", at("2026-11-20T00:00:00Z"), at("2026-11-22T00:00:00Z"))).toEqual([
      at("2026-11-20T00:00:00Z"),
      at("2026-11-21T00:00:00Z"),
    ]);
  });

  it("counts 24 hours on a European DST change day: buckets are UTC, not local time", () => {
    // 2026-10-25 is 25 hours long in Europe/Berlin; in UTC every day has 24 hours.
    const starts = bucketStarts("hour", at("2026-10-25T00:00:00Z"), at("2026-10-26T00:00:00Z"));
    expect(starts).toHaveLength(24);
    expect(starts.every((t, i) => t === at("2026-10-25T00:00:00Z") + i * HOUR)).toBe(true);
  });

  it("is empty for an empty window", () => {
    const t = at("2026-11-22T12:30:00Z");
    expect(bucketStarts("hour", t, t)).toEqual([]);
  });
});

describe("bucket series", () => {
  const window = { start: at("2026-11-22T09:15:00Z"), end: at("2026-11-22T12:15:00Z") };

  it("zero-fills hours without sessions and sorts lines by most sessions", () => {
    const series = bucketSeries("hour", window, [
      { bucket: at("2026-11-22T09:00:00Z"), key: "claude", sessions: 1 },
      { bucket: at("2026-11-22T11:00:00Z"), key: "chatgpt", sessions: 2 },
      { bucket: at("2026-11-22T12:00:00Z"), key: "chatgpt", sessions: 1 },
    ]);
    expect(series).toEqual({
      interval: "hour",
      buckets: [
        "2026-11-22T09:00:00.000Z",
        "2026-11-22T10:00:00.000Z",
        "2026-11-22T11:00:00.000Z",
        "2026-11-22T12:00:00.000Z",
      ],
      lines: [
        { key: "chatgpt", sessions: [0, 0, 2, 1] },
        { key: "claude", sessions: [1, 0, 0, 0] },
      ],
    });
  });

  it("adds counts of one bucket and key read in several parts, and places a time inside its bucket", () => {
    const series = bucketSeries("hour", window, [
      { bucket: at("2026-11-22T10:00:00Z"), key: "direct", sessions: 2 },
      { bucket: at("2026-11-22T10:59:59.999Z"), key: "direct", sessions: 3 },
    ]);
    expect(series.lines).toEqual([{ key: "direct", sessions: [0, 5, 0, 0] }]);
  });

  it("breaks ties between lines by key and drops keys whose counts are all zero", () => {
    const series = bucketSeries("day", { start: at("2026-11-20T06:00:00Z"), end: at("2026-11-22T06:00:00Z") }, [
      { bucket: at("2026-11-21T00:00:00Z"), key: "search", sessions: 1 },
      { bucket: at("2026-11-20T00:00:00Z"), key: "direct", sessions: 1 },
      { bucket: at("2026-11-22T00:00:00Z"), key: "paid", sessions: 0 },
    ]);
    expect(series.buckets).toEqual([
      "2026-11-20T00:00:00.000Z",
      "2026-11-21T00:00:00.000Z",
      "2026-11-22T00:00:00.000Z",
    ]);
    expect(series.lines).toEqual([
      { key: "direct", sessions: [1, 0, 0] },
      { key: "search", sessions: [0, 1, 0] },
    ]);
  });

  it("refuses a count outside the window's buckets instead of dropping it", () => {
    expect(() => bucketSeries("hour", window, [{ bucket: at("2026-11-22T13:00:00Z"), key: "x", sessions: 1 }])).toThrow(
      /outside the window/,
    );
  });
});
