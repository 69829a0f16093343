import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { METRIC_IDS, METRICS, type MetricId } from "../../shared/metrics/metric-catalogue";
import { describe as describeMetric } from "../../shared/metrics/metric-text";
import { v1Tools } from "../../workers/v1/mcp/v1-tools";
import { createTestKey } from "../helpers/api-keys";
import { mcpRpc } from "./mcp-call";

// The metric catalogue (docs/metrics.md) is where the v1 API's field descriptions and
// the MCP tools' words come from: each field of the OpenAPI document that says it is a
// metric (`x-metric`) is described by the catalogue's definition and exclusions, and
// each report tool names and defines the metrics it gives. A hand-edited description
// or a renamed metric fails here.

const BASE = "http://localhost:8787";

/** Every schema node of the document that carries `x-metric`, with where it is. */
function metricFields(node: unknown, at: string, out: Array<{ at: string; id: string; description: unknown }>) {
  if (Array.isArray(node)) {
    for (const [i, n] of node.entries()) metricFields(n, `${at}[${i}]`, out);
  } else if (node !== null && typeof node === "object") {
    const o = node as Record<string, unknown>;
    if ("x-metric" in o) out.push({ at, id: String(o["x-metric"]), description: o.description });
    for (const [k, v] of Object.entries(o)) metricFields(v, `${at}.${k}`, out);
  }
  return out;
}

/**
 * Catalogue metrics the v1 API has no field for, and why: the rest must each be some
 * field's `x-metric`, so a metric cannot silently lose its place in the document.
 */
const NOT_IN_V1: Partial<Record<MetricId, string>> = {
  human_unique_visitors: "no report counts human visitors per day yet",
  human_channel_visits: "the sources report's rows count agents and people together (source_sessions)",
  agents_never_fetching: "the report lists those agents (never_fetch_robots); their count is the list's length",
  verified_share: "the weekly mail's percentage; the API gives its parts (verified_sessions, total_sessions)",
};

describe("the metric catalogue's words in the v1 API and the MCP tools", () => {
  it("describes every metric field of the OpenAPI document by its catalogue entry", async () => {
    const res = await exports.default.fetch(`${BASE}/api/v1/openapi.json`);
    expect(res.status).toBe(200);
    const fields = metricFields(await res.json(), "$", []);
    expect(fields.length).toBeGreaterThan(40);
    for (const f of fields) {
      expect(METRIC_IDS, f.at).toContain(f.id);
      // The definition and what it leaves out, word for word, then the field's own note.
      expect(String(f.description).startsWith(describeMetric(f.id as MetricId)), f.at).toBe(true);
    }
    const claimed = new Set(fields.map((f) => f.id));
    const missing = METRIC_IDS.filter((id) => !claimed.has(id) && !(id in NOT_IN_V1));
    expect(missing).toEqual([]);
    // A metric said to be absent is absent: the list above stays true.
    expect(Object.keys(NOT_IN_V1).filter((id) => claimed.has(id))).toEqual([]);
  });

  it("names and defines each report tool's metrics in its description", async () => {
    const k = await createTestKey(env, { workspace: "metric-words", scopes: [] });
    const { tools } = (await mcpRpc(k, "tools/list", {})) as { tools: { name: string; description: string }[] };
    const reports = v1Tools.filter((t) => (t.metrics ?? []).length > 0);
    expect(reports.map((t) => t.name)).toEqual(
      expect.arrayContaining(["traffic_overview", "traffic_sources", "robots_compliance", "crawl_to_referral"]),
    );
    for (const t of reports) {
      const said = tools.find((x) => x.name === t.name)?.description ?? "";
      for (const id of t.metrics ?? [])
        expect(said, `${t.name} ${id}`).toContain(`${METRICS[id].name}: ${METRICS[id].definition}`);
    }
  });
});
