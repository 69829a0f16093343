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
 * `at` (the app Worker's "as of" time for its notification run, routes/scheduled.ts) is
 * passed on as given; the other Workers run at the real time and ignore it.
 */
export async function fanOutScheduled(
  env: EdgeEnv,
  cron: string | undefined,
  requestId: string,
  origin = "http://internal",
  at?: string,
): Promise<FanOutResult> {
  const params = new URLSearchParams();
  if (cron !== undefined) params.set("cron", cron);
  if (at !== undefined) params.set("at", at);
  const query = params.size === 0 ? "" : `?${params}`;
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
