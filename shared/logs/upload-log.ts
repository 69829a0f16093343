import type { ReadEnv, RequestContext } from "../context/request-context";
import type { Result } from "../result/result";
import type { SaltKeeper } from "../salt/salt-keeper";
import { type InstallSignals, installSignalUpdates } from "../sessions/install-signals";
import { siteShard } from "../shards/site-shard";
import { siteByDomain } from "../sites/site-by-domain";
import { importLogUpload, type LogUploadResult, type UploadProblem } from "./import-log-upload";
import type { LogFormat } from "./log-formats";

/** What an upload reaches beyond a read: the ingest Worker's SaltKeeper (script_name), for the visitor salts. */
export interface UploadEnv {
  SALT_KEEPER: DurableObjectNamespace;
  OUTBOUND_RESOLVE?: string;
}

/**
 * An access-log file uploaded for one of the workspace's sites (docs/integrations/import-logs.md
 * "In the app"): read as a stream through the drain's acceptance path into the site's
 * shard, each line once however often it is imported, with the site's install signals
 * recorded as ingest records them.
 */
export async function uploadLog(
  ctx: RequestContext<ReadEnv & UploadEnv>,
  input: { domain: string; body: ReadableStream<Uint8Array>; format: LogFormat | null },
): Promise<Result<LogUploadResult, UploadProblem | "invalid_domain" | "site_not_found">> {
  const site = await siteByDomain(ctx.env.DB, ctx.workspaceId, input.domain);
  if (!site.ok) return site;
  const now = ctx.nowMs;
  const shard = siteShard(ctx.env, site.value.id);
  // The ingest Worker's one global SaltKeeper, as ingest reads it.
  const keeper = ctx.env.SALT_KEEPER as unknown as DurableObjectNamespace<SaltKeeper>;
  const salts = () => keeper.get(keeper.idFromName("global"));
  const install: InstallSignals[] = [];
  const imported = await importLogUpload(site.value, input.body, input.format, {
    env: ctx.env,
    salts: () => salts().salts(now),
    // Lines older than 48 h (last month's log): each past day's own salt (docs/privacy.md "Imported days").
    pastSalts: (days) => salts().pastSalts(days, now),
    now,
    commit: async (messages, requests) => {
      const committed = await shard.ingestDrain(messages, requests);
      install.push(...committed.rollup.install);
      return { stored: committed.rollup.stored, duplicates: committed.duplicates };
    },
  });
  if (install.length > 0) await ctx.env.DB.batch(installSignalUpdates(ctx.env.DB, install));
  return imported;
}
