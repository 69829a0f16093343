import { exports } from "cloudflare:workers";

export interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}

/** Splits a text/event-stream body into events with parsed JSON data. */
export function parseSse(body: string): SseEvent[] {
  return body
    .split(/\n\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => {
      const lines = block.split("\n");
      const event =
        lines
          .find((l) => l.startsWith("event:"))
          ?.slice(6)
          .trim() ?? "message";
      const data = lines
        .filter((l) => l.startsWith("data:"))
        .map((l) => l.slice(5).trimStart())
        .join("\n");
      return { event, data: JSON.parse(data) as Record<string, unknown> };
    });
}

export async function postScan(domain: unknown, ip = "198.51.100.7"): Promise<{ res: Response; events: SseEvent[] }> {
  const res = await exports.default.fetch("http://scan.local/api/scan", {
    method: "POST",
    headers: { "content-type": "application/json", "CF-Connecting-IP": ip },
    body: JSON.stringify({ domain }),
  });
  const events = res.headers.get("content-type")?.startsWith("text/event-stream") ? parseSse(await res.text()) : [];
  return { res, events };
}

export interface CheckResultBody {
  layer: number;
  key: string;
  status: "pass" | "warn" | "fail";
  message: string;
  fix?: string | null;
  evidence?: Record<string, unknown> | null;
  blocked?: boolean;
}

export interface ScanResultBody {
  id: string;
  domain: string;
  overallScore: number;
  layerScores: Record<string, number>;
  checkResults: CheckResultBody[];
  createdAt: string;
  lastSeenAt: string;
  seenCount: number;
}

export async function getScan(id: string): Promise<ScanResultBody> {
  const res = await exports.default.fetch(`http://scan.local/api/scan/${id}`);
  if (res.status !== 200) throw new Error(`GET scan ${id}: ${res.status} ${await res.text()}`);
  return (await res.json()) as ScanResultBody;
}

export function completeOf(events: SseEvent[]) {
  // `error` is the contract's name, sent on POST just before `scan-error` (issue 45).
  const terminal = events.filter((e) => e.event === "complete" || e.event === "scan-error");
  if (terminal.length !== 1 || events[events.length - 1] !== terminal[0]) {
    throw new Error(`expected exactly one terminal event at the end, got ${events.map((e) => e.event).join(",")}`);
  }
  return terminal[0].data as { id: string; domain: string; overallScore: number; layerScores: Record<string, number> };
}
