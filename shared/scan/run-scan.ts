import type { Database } from "../db/client";
import type { ResolveMap } from "../outbound/resolve-map";
import { CHECKS } from "./checks/registry";
import { CRAWL_LIMITS } from "./crawl/crawl-limits";
import { crawlSite } from "./crawl/crawl-site";
import { HostLimiter } from "./crawl/host-limiter";
import { runJourney } from "./journey/run-journey";
import type { JourneyResult } from "./journey/types";
import { LAYERS } from "./layers";
import { recordScanRobots } from "./record-scan-robots";
import { resultHash } from "./result-hash";
import { runChecks } from "./run-checks";
import { saveScan } from "./scan-store";
import { layerScore, SCORING_VERSION, scoreResults } from "./score";
import { type Emit, phaseProgress, type ScanPhase } from "./stream-events";
import { unreachableOf } from "./unreachable";

export interface RunScanOptions {
  domain: string;
  resolve: ResolveMap;
  db: Database;
  emit: Emit;
  signal?: AbortSignal;
  /** Page describing the scanner for its User-Agent: SCANNER_INFO_URL or the deployment's `/#scanner`. */
  scannerInfoUrl?: string;
}

/** One scan, start to finish: crawl, the checks, scores, storage. Emits docs/decisions.md#8-scan-stream-payloads events; the caller sends the terminal one on failure. */
export async function runScan(options: RunScanOptions) {
  const { domain, emit } = options;
  const status = (phase: ScanPhase, message: string) =>
    emit({ event: "status", data: { phase, message, ...phaseProgress(phase) } });
  await status("queued", `Scan of ${domain} accepted`);
  await status("fetching", `Fetching ${domain}`);
  // The journey (find a product, add it to a cart, read it back) starts as soon as the
  // crawl has what it reads, beside the crawl's last requests; both share one per-host
  // limiter, so the scan keeps at most 6 requests in flight per host (scan-checks.md).
  // It needs a site that answers.
  const limiter = new HostLimiter(CRAWL_LIMITS.perHostConcurrency, CRAWL_LIMITS.perHostReserved);
  const started: { journey?: Promise<JourneyResult> } = {};
  const site = await crawlSite({
    domain,
    resolve: options.resolve,
    signal: options.signal,
    infoUrl: options.scannerInfoUrl,
    limiter,
    onFetch: (e) => void emit({ event: "crawl", data: e }),
    onJourneyInputs: (probeSite, site) => {
      if (probeSite.unreachable) return;
      void status("journey", "Finding a product and adding it to a cart");
      started.journey = runJourney({
        probeSite,
        site,
        resolve: options.resolve,
        signal: options.signal,
        infoUrl: options.scannerInfoUrl,
        limiter,
        onFetch: (e) => void emit({ event: "crawl", data: e }),
        onStatus: (message) => void status("journey", message),
      });
      // Awaited below; kept from counting as unhandled should the crawl fail first.
      started.journey.catch(() => {});
    },
  });
  // The scan's robots.txt joins the site's robots.txt history (docs/reports.md), written
  // beside the rest (the journey's end, the checks, the result's own write), and done
  // before `complete`.
  const robotsRecorded = site.robots ? recordScanRobots(options.db, domain, site.robots, Date.now()) : null;
  // Awaited below; kept from counting as unhandled while the checks run.
  robotsRecorded?.catch(() => {});
  if (started.journey) site.journey = await started.journey;

  const checkResults = runChecks(site);
  const unreachable = unreachableOf(domain, checkResults);
  await status("checking", unreachable ? unreachable.message : `Running ${CHECKS.length} checks`);
  for (const l of LAYERS) {
    const checks = checkResults.filter((c) => c.layer === l.layer);
    await emit({
      event: "layer",
      data: { layer: l.layer, name: l.name, score: layerScore(checkResults, l.layer), checks },
    });
  }

  await status("scoring", "Scoring");
  const { layerScores, overallScore } = scoreResults(checkResults);
  const hash = await resultHash({ domain, scoringVersion: SCORING_VERSION, checkResults, layerScores, overallScore });

  await status("saving", "Saving the result");
  const [saved] = await Promise.all([
    saveScan(options.db, {
      domain,
      resultHash: hash,
      scoringVersion: SCORING_VERSION,
      overallScore,
      layerScores,
      checkResults,
    }),
    robotsRecorded,
  ]);
  await emit({ event: "complete", data: { id: saved.id, domain, overallScore, layerScores, unreachable } });
  return { id: saved.id, seenCount: saved.seenCount, overallScore, layerScores, checkResults, unreachable };
}
