import { describe, expect, it } from "vitest";
import { isPastLine } from "../../shared/ingest/steps/check-time";

const at = (iso: string) => Date.parse(iso);
const past = (occurred: string, received: string) => isPastLine({ occurredAt: at(occurred), receivedAt: at(received) });

// A visitor hash needs the salt of the event's UTC day; each day's salt is deleted 48 h
// after the day began, and the queue consumer may hash an accepted event up to an hour later.
describe("which events the live salts can still hash", () => {
  it("takes all of yesterday until 23:00 UTC today, however many hours ago", () => {
    expect(past("2026-11-24T00:00:00Z", "2026-11-25T22:59:59Z")).toBe(false); // 47 h old
    expect(past("2026-11-24T23:59:00Z", "2026-11-25T00:30:00Z")).toBe(false);
  });

  it("refuses the day before yesterday even when it was only two hours ago", () => {
    // 25.5 h old by the clock, but its day's salt was deleted at 2026-11-25T00:00Z.
    expect(past("2026-11-23T23:00:00Z", "2026-11-25T00:30:00Z")).toBe(true);
    expect(past("2026-11-24T23:30:00Z", "2026-11-25T01:30:00Z")).toBe(false);
  });

  it("refuses yesterday's events in the last hour before midnight, when their salt goes within the hour", () => {
    expect(past("2026-11-24T23:59:00Z", "2026-11-25T23:00:00Z")).toBe(true);
    expect(past("2026-11-25T00:00:00Z", "2026-11-25T23:59:59Z")).toBe(false);
  });
});
