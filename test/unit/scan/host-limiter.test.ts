import { describe, expect, it } from "vitest";
import { BACKGROUND, HostLimiter } from "../../../shared/scan/crawl/host-limiter";

// The scan's per-host limiter (docs/scan.md "Bounded"): at most 6 in flight per host, of
// which background requests (nothing waits for them) hold at most 4. Tasks are held open
// by hand, so the test reads the limiter's decisions, not a clock.

function harness(limit: number, reserved: number) {
  const limiter = new HostLimiter(limit, reserved);
  const started: string[] = [];
  const open = new Map<string, () => void>();
  const run = (name: string, priority: number, host = "shop.example") =>
    limiter.run(
      host,
      () =>
        new Promise<void>((done) => {
          started.push(name);
          open.set(name, done);
        }),
      priority,
    );
  const finish = async (name: string) => {
    open.get(name)?.();
    open.delete(name);
    // Let the release and the next task's start run.
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  const settle = async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  return { run, finish, settle, started, inFlight: () => open.size };
}

describe("the scan's per-host limiter", () => {
  it("keeps 2 of 6 slots from background requests, for the requests the next ones wait for", async () => {
    const h = harness(6, 2);
    for (const name of ["bg1", "bg2", "bg3", "bg4", "bg5", "bg6"]) void h.run(name, BACKGROUND);
    await h.settle();
    expect(h.started).toEqual(["bg1", "bg2", "bg3", "bg4"]);
    // Two chain requests find their slots at once, although background ones were queued first.
    void h.run("product page", 0);
    void h.run("mcp discover", 0);
    await h.settle();
    expect(h.started.slice(4)).toEqual(["product page", "mcp discover"]);
    expect(h.inFlight()).toBe(6);
    // A third waits: the host's total is 6.
    void h.run("third chain", 0);
    await h.settle();
    expect(h.started).not.toContain("third chain");
    // A finished background request frees a slot: the waiting chain request goes first.
    await h.finish("bg1");
    expect(h.started.at(-1)).toBe("third chain");
    expect(h.inFlight()).toBe(6);
    // A finished chain request frees a slot the background may take again (3 of 4 held).
    await h.finish("product page");
    expect(h.started.at(-1)).toBe("bg5");
    expect(h.inFlight()).toBe(6);
    await h.finish("mcp discover");
    // Background at 4 of 4 again: bg6 waits though a slot is free.
    expect(h.started).not.toContain("bg6");
    expect(h.inFlight()).toBe(5);
    await h.finish("bg2");
    expect(h.started.at(-1)).toBe("bg6");
  });

  it("gives a freed slot to the lowest priority number, then to the oldest", async () => {
    const h = harness(1, 0);
    void h.run("first", 1);
    void h.run("late file", 1);
    void h.run("page", 0);
    void h.run("card", -1);
    await h.settle();
    await h.finish("first");
    await h.finish("card");
    await h.finish("page");
    expect(h.started).toEqual(["first", "card", "page", "late file"]);
  });

  it("counts each host on its own", async () => {
    const h = harness(6, 2);
    for (let i = 0; i < 5; i++) void h.run(`a${i}`, BACKGROUND, "a.example");
    for (let i = 0; i < 5; i++) void h.run(`b${i}`, BACKGROUND, "b.example");
    await h.settle();
    expect(h.started.filter((n) => n.startsWith("a"))).toHaveLength(4);
    expect(h.started.filter((n) => n.startsWith("b"))).toHaveLength(4);
  });
});
