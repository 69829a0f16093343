import type { AppContext } from "../context/app-context";
import { database } from "../db/client";
import { ok, type Result } from "../result/result";
import { findRun, type ScanRun } from "../scan/scan-runs";
import { findLatestScan, findScan, listDomainScans, type ScanResult, type ScanSummary } from "../scan/scan-store";
import { type WorkspaceDomainReport, workspaceDomainReport } from "../scan/workspace-scan-report";

// The reads of the app's scan report pages (docs/app.md "Scan reports"). Scans are
// public facts about a domain, not a workspace's data: the page checks first that the
// domain is one of the workspace's sites or monitors (workspace-scan-domains.ts), except
// `domainReport`, which checks it in the same batch.

/**
 * The workspace check, the domain's latest scan (with its previous) and its history in
 * one batch. The workspace is the input's because the page starts this read beside the
 * session check (workers/app/middleware/early-read.ts); nothing is shown unless the
 * member's workspace is that one and `allowed` is true.
 */
export async function domainReport(
  ctx: AppContext,
  input: { workspaceId: string; domain: string; history: number },
): Promise<Result<WorkspaceDomainReport, never>> {
  return ok(await workspaceDomainReport(database(ctx.env.DB), input.workspaceId, input.domain, input.history));
}

/** The domain's newest scans, newest first (the report's history list). */
export async function domainScanHistory(
  ctx: AppContext,
  input: { domain: string; limit: number },
): Promise<Result<ScanSummary[], never>> {
  return ok(await listDomainScans(database(ctx.env.DB), input.domain, input.limit));
}

/** One scan by id, with the domain's previous scan; null when unknown. */
export async function scanById(ctx: AppContext, input: { scanId: string }): Promise<Result<ScanResult | null, never>> {
  return ok(await findScan(database(ctx.env.DB), input.scanId));
}

/** The domain's latest scan, with its previous; null before the first. */
export async function latestDomainScan(
  ctx: AppContext,
  input: { domain: string },
): Promise<Result<ScanResult | null, never>> {
  return ok(await findLatestScan(database(ctx.env.DB), input.domain));
}

/** A scan run (a request the scan API answered, possibly with an earlier result); null when unknown. */
export async function scanRun(ctx: AppContext, input: { runId: string }): Promise<Result<ScanRun | null, never>> {
  return ok(await findRun(database(ctx.env.DB), input.runId));
}
