import { METRICS, type MetricId } from "./metric-catalogue";
import { POPULATIONS } from "./populations";

// The catalogue's words as each surface needs them (./metric-catalogue.ts).

/** A v1 field's description: the definition and what it leaves out. */
export function describe(id: MetricId, note = ""): string {
  const m = METRICS[id];
  return [m.definition, m.excludes ? `Excludes: ${m.excludes}` : "", note].filter(Boolean).join(" ");
}

/**
 * A v1 field's OpenAPI metadata when the field is a metric: the catalogue's description
 * (`describe`) and `x-metric`, the metric's id, so the document says which catalogue
 * entry each number is (docs/metrics.md) and a test can hold the two equal.
 */
export function metricMeta(id: MetricId, note = ""): { description: string; "x-metric": MetricId } {
  return { description: describe(id, note), "x-metric": id };
}

/** A page's "What is this?": the definition, the population's meaning and what is left out. */
export function whatIsThis(id: MetricId): string {
  const m = METRICS[id];
  const population = POPULATIONS[m.population];
  return [
    m.definition,
    `${capital(population.name)}: ${population.definition}`,
    m.excludes ? `Not counted: ${m.excludes}` : "",
  ]
    .filter(Boolean)
    .join(" ");
}

/** A metric's name in words. */
export const metricName = (id: MetricId): string => METRICS[id].name;

/** A metric's column header in the app's CSV downloads. */
export const csvHeader = (id: MetricId): string => METRICS[id].csv;

const capital = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/**
 * An MCP tool's words on the numbers it gives (appended to its description): each
 * metric's name and its one-sentence definition, as the catalogue says them.
 */
export function metricNote(ids: readonly MetricId[]): string {
  if (ids.length === 0) return "";
  return `What its numbers count: ${ids.map((id) => `${METRICS[id].name}: ${METRICS[id].definition}`).join(" ")}`;
}

/**
 * A mail's closing lines on what its numbers count: each metric's name and definition,
 * as the catalogue says them, not indented (the figures above are).
 */
export function metricGlossary(ids: readonly MetricId[]): string[] {
  return ["What these numbers count:", ...ids.map((id) => `${METRICS[id].name}: ${METRICS[id].definition}`), ""];
}
