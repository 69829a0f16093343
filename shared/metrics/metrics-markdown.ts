import { METRIC_IDS, METRICS } from "./metric-catalogue";
import { POPULATIONS, type PopulationId } from "./populations";

/** docs/metrics.md, written from the catalogue (`npx tsx scripts/metrics-doc.ts`; a unit test keeps them equal). */
export function metricsMarkdown(): string {
  const lines = [
    "# Metrics",
    "",
    "<!-- Generated from shared/metrics/ (npx tsx scripts/metrics-doc.ts); do not edit by hand. -->",
    "",
    "Every number the service shows is one of these, with the same name and meaning on the",
    "pages, in the v1 API (each field's description), the CSV downloads (the column header),",
    "the MCP tools and the weekly mail. Each counts one population; populations are kept apart.",
    "",
    "Where each surface takes the words from (all from `shared/metrics/`):",
    "",
    "- **v1 API**: a field that is a metric carries `x-metric` (the id below) in the OpenAPI",
    "  document, and its description is the definition, `Excludes:` what it leaves out, then",
    "  the field's own note (`metricMeta`); `test/v1/metric-words.test.ts` holds them equal.",
    "- **MCP tools**: a report tool's description names and defines the metrics it gives",
    "  (`metrics` in `workers/v1/mcp/v1-tools.ts`, `metricNote`); its output schema is the",
    "  route's, with the same descriptions.",
    "- **CSV downloads** of the app: a metric's column is headed by its CSV header below.",
    "- **Pages**: each headline number and breakdown card of the dashboard, the sessions",
    '  page and the agent-request pages has a "What is this?" with the definition, the',
    "  population and what is not counted (`whatIsThis`, `workers/app/dashboard/what-is-this.tsx`).",
    "- **Weekly mail**: its numbers are named as below and defined at its end (`metricGlossary`).",
    "",
    "## Populations",
    "",
    ...table(
      ["population", "what one unit is"],
      (Object.keys(POPULATIONS) as PopulationId[]).map((id) => [
        `${POPULATIONS[id].name} (\`${id}\`)`,
        POPULATIONS[id].definition,
      ]),
    ),
    "",
    "## Metrics",
    "",
    ...table(
      ["metric", "definition", "unit", "population", "not counted", "CSV header"],
      METRIC_IDS.map((id) => {
        const m = METRICS[id];
        return [
          `${m.name} (\`${id}\`)`,
          m.definition,
          m.unit,
          POPULATIONS[m.population].name,
          m.excludes || "–",
          `\`${m.csv}\``,
        ];
      }),
    ),
    "",
  ];
  return lines.join("\n");
}

/** A Markdown table, its columns padded as the formatter pads them (so `biome check` leaves it). */
function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(" | ")} |`;
  return [line(header), `| ${widths.map((w) => "-".repeat(w)).join(" | ")} |`, ...rows.map(line)];
}
