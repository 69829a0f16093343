import { localSwitchOn } from "@shared/config/local-switches";
import { database } from "@shared/db/client";
import { log } from "@shared/http/log";
import { parseResolveMap } from "@shared/outbound/resolve-map";
import { type RobotsRefresh, refreshRobotsHistory } from "@shared/robots/fetch-robots";

/** The cron job: due domains' robots.txt into their history; local runs reach mapped hosts only. */
export async function refreshRobots(env: IngestEnv, now: number): Promise<RobotsRefresh> {
  const resolve = parseResolveMap(env.OUTBOUND_RESOLVE);
  const mappedOnly = localSwitchOn(env, "ROBOTS_MAPPED_ONLY");
  const result = await refreshRobotsHistory(database(env.DB), resolve, now, (d) => !mappedOnly || resolve.has(d));
  if (result.failed > 0) log("info", "robots.txt fetches without a version", { worker: "ingest", ...result });
  return result;
}
