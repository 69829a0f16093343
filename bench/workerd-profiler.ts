// CPU profiles of the local server's Workers over the Chrome DevTools Protocol, through
// the inspector wrangler dev opens (one WebSocket per Worker, listed at `/json/list`):
// `Profiler.start` before a measured request, `Profiler.stop` after, each profile
// written as a `.cpuprofile` (open in Chrome DevTools or speedscope) and summarised as
// the functions with the most self time. Used by `BENCH_DRAIN_PROFILE=<dir> npm run
// bench:drains` (docs/performance/log.md, "Drains", Round 3).
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

/** Listening TCP ports of `root` and its descendants (from `ss` and `ps`). */
function listeningPorts(root: number): number[] {
  const ps = execFileSync("ps", ["-eo", "pid=,ppid="], { encoding: "utf8" });
  const parent = new Map<number, number>();
  for (const l of ps.trim().split("\n")) {
    const [pid, ppid] = l.trim().split(/\s+/).map(Number);
    parent.set(pid, ppid);
  }
  const mine = (pid: number) => {
    for (let p = pid, hops = 0; p > 1 && hops < 20; p = parent.get(p) ?? 0, hops++) if (p === root) return true;
    return false;
  };
  const ss = execFileSync("ss", ["-ltnpH"], { encoding: "utf8" });
  const ports: number[] = [];
  for (const l of ss.split("\n")) {
    const port = /127\.0\.0\.1:(\d+)/.exec(l)?.[1];
    const pids = [...l.matchAll(/pid=(\d+)/g)].map((m) => Number(m[1]));
    if (port && pids.some(mine)) ports.push(Number(port));
  }
  return ports;
}

class Session {
  private next = 1;
  private readonly waiting = new Map<number, (v: unknown) => void>();
  private constructor(private readonly ws: WebSocket) {
    ws.addEventListener("message", (e) => {
      const msg = JSON.parse(String(e.data)) as { id?: number; result?: unknown };
      if (msg.id !== undefined) this.waiting.get(msg.id)?.(msg.result);
    });
  }
  static async open(url: string): Promise<Session> {
    const ws = new WebSocket(url);
    await new Promise((resolve, reject) => {
      ws.addEventListener("open", resolve, { once: true });
      ws.addEventListener("error", reject, { once: true });
    });
    return new Session(ws);
  }
  send<T>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    const id = this.next++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve as (v: unknown) => void);
      this.ws.send(JSON.stringify({ id, method, params }));
    });
  }
  close() {
    this.ws.close();
  }
}

/** The promise's value, or null when it is not settled within `ms` (or fails). */
async function within<T>(ms: number, p: Promise<T>): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  try {
    return await Promise.race([p.catch(() => null), late]);
  } finally {
    clearTimeout(timer);
  }
}

export interface WorkerProfiler {
  stop(dir: string): Promise<void>;
}

/**
 * Starts sampling every Worker whose name contains one of `names` (e.g. "ingest"),
 * found through the inspector of the server process `serverPid`.
 */
export async function profileWorkers(serverPid: number, names: string[]): Promise<WorkerProfiler> {
  const sessions: Array<{ name: string; session: Session }> = [];
  for (const port of listeningPorts(serverPid)) {
    let list: Array<{ title: string; webSocketDebuggerUrl: string }>;
    try {
      const res = await fetch(`http://127.0.0.1:${port}/json/list`, { signal: AbortSignal.timeout(2000) });
      if (!res.ok) continue;
      list = (await res.json()) as typeof list;
    } catch {
      continue;
    }
    for (const target of list) {
      if (!names.some((n) => target.title.includes(n))) continue;
      // A target that never answers (another client holds it, or the port is a proxy
      // that does not forward) is left out: waiting on it stalled the bench for good.
      const session = await within(5000, Session.open(target.webSocketDebuggerUrl));
      if (!session) continue;
      const started = await within(
        5000,
        (async () => {
          await session.send("Profiler.enable");
          await session.send("Profiler.setSamplingInterval", { interval: 200 });
          await session.send("Profiler.start");
          return true;
        })(),
      );
      if (!started) {
        session.close();
        continue;
      }
      sessions.push({ name: target.title.replace(/.*: /, ""), session });
    }
  }
  if (sessions.length === 0) throw new Error(`no inspector target named ${names.join(", ")}`);
  console.log(`profiling ${sessions.map((s) => s.name).join(", ")}`);
  return {
    async stop(dir) {
      mkdirSync(dir, { recursive: true });
      for (const { name, session } of sessions) {
        const stopped = await within(60_000, session.send<{ profile: CpuProfile }>("Profiler.stop"));
        if (!stopped) {
          console.log(`\n${name}: no profile (the inspector did not answer)`);
          session.close();
          continue;
        }
        const { profile } = stopped;
        session.close();
        const file = path.join(dir, `${name}.cpuprofile`);
        writeFileSync(file, JSON.stringify(profile));
        console.log(`\n${name}: ${file}`);
        printSelfTime(profile);
      }
    },
  };
}

/** The top functions by self time and by total time (self and callees), and the sampled total. */
function printSelfTime(profile: CpuProfile, top = 30) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
  const keyOf = (id: number) => {
    const { functionName, url, lineNumber } = byId.get(id)?.callFrame ?? { functionName: "?", url: "", lineNumber: 0 };
    return `${functionName || "(anonymous)"} ${url.split("/").slice(-2).join("/")}:${lineNumber + 1}`;
  };
  const selfUs = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++)
    selfUs.set(samples[i], (selfUs.get(samples[i]) ?? 0) + (deltas[i + 1] ?? deltas[i] ?? 0));
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let total = 0;
  for (const [id, us] of selfUs) {
    self.set(keyOf(id), (self.get(keyOf(id)) ?? 0) + us);
    total += us;
    const seen = new Set<string>();
    for (let n: number | undefined = id; n !== undefined; n = parentOf.get(n)) {
      const key = keyOf(n);
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + us);
    }
  }
  const wall = (profile.endTime - profile.startTime) / 1000;
  console.log(`  sampled ${(total / 1000).toFixed(0)} ms (wall ${wall.toFixed(0)} ms)`);
  const print = (title: string, m: Map<string, number>) => {
    console.log(`  ${title}`);
    for (const [key, us] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top))
      console.log(
        `  ${(us / 1000).toFixed(0).padStart(7)} ms  ${((100 * us) / total).toFixed(1).padStart(5)}%  ${key}`,
      );
  };
  print("self time", self);
  print("total time (self and callees)", inclusive);
}
