import type { ToolAnnotations } from "@modelcontextprotocol/server";

/**
 * The two tools that are not v1 operations (scan-tools.ts runs them against the scan
 * Worker): their names, titles and effect hints, declared here once so the server, its
 * card and the tests read one list. Hints per the MCP spec, "Tool annotations":
 * scan_domain fetches a shop's public site now (open world) and stores a new scan;
 * get_scan only reads a stored one.
 */
export interface ScanToolDeclaration {
  name: "scan_domain" | "get_scan";
  title: string;
  annotations: ToolAnnotations;
}

export const SCAN_TOOLS = {
  scan_domain: {
    name: "scan_domain",
    title: "Scan a shop's agent-readiness",
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  },
  get_scan: {
    name: "get_scan",
    title: "Read a stored scan",
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  },
} as const satisfies Record<ScanToolDeclaration["name"], ScanToolDeclaration>;
