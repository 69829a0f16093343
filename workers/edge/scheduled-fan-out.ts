import { REQUEST_ID_HEADER } from "@shared/http/request-id";
import type { Upstream } from "./routes";

const upstreams: Upstream[] = ["SCAN", "INGEST", "V1", "APP"];

export interface FanOutResult {
  ok: boolean;
  cron: string | null;
  workers: unknown[];
}

/**
 * Local `GET /__scheduled`: every Worker runs the jobs it owns for `cron` (or all). Each
 * is asked at the request's own origin, so a job that writes links (the app's
 * notification mail) can point them at the local run when PUBLIC_BASE_URL is unset.
 */
export async function fanOutScheduled(
  env: EdgeEnv,
  cron: string | undefined,
  requestId: string,
  origin = "http://internal",
): Promise<FanOutResult> {
  const query = cron === undefined ? "" : `?cron=${encodeURIComponent(cron)}`;
  const answers = await Promise.all(
    upstreams.map(async (name) => {
      const res = await env[name].fetch(`${origin}/__scheduled${query}`, {
        headers: { [REQUEST_ID_HEADER]: requestId },
      });
      return { status: res.status, body: (await res.json()) as unknown };
    }),
  );
  return {
    ok: answers.every((a) => a.status === 200),
    cron: cron ?? null,
    workers: answers.map((a) => a.body),
  };
}
