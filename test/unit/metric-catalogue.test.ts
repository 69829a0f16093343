import { describe, expect, it } from "vitest";
import metricsDoc from "../../docs/metrics.md?raw";
import { METRIC_IDS, METRICS } from "../../shared/metrics/metric-catalogue";
import { metricsMarkdown } from "../../shared/metrics/metrics-markdown";
import { POPULATIONS } from "../../shared/metrics/populations";

describe("metric catalogue", () => {
  it("docs/metrics.md is the catalogue's (npx tsx scripts/metrics-doc.ts writes it)", () => {
    expect(metricsDoc).toBe(metricsMarkdown());
  });

  it("gives every metric a name, a one-sentence definition, a unit, a known population and a CSV header", () => {
    for (const id of METRIC_IDS) {
      const m = METRICS[id];
      expect(m.name.length, id).toBeGreaterThan(0);
      expect(m.definition, id).toMatch(/^[A-Z].*\.$/s);
      expect(Object.keys(POPULATIONS), id).toContain(m.population);
      expect(m.csv, id).toMatch(/^[a-z][a-z_]*$/);
    }
  });

  it("keeps the populations apart: no metric of one population is named after another", () => {
    // A metric of AI-agent sessions never says "visits"; one of human visits never says "AI-agent sessions".
    for (const id of METRIC_IDS) {
      const m = METRICS[id];
      if (m.population === "agent_sessions") expect(m.name, id).not.toMatch(/visit/i);
      if (m.population === "human_visits") expect(m.name, id).not.toMatch(/AI-agent session/i);
    }
  });
});
