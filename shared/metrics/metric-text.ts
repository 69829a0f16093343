import { METRICS, type MetricId } from "./metric-catalogue";
import { POPULATIONS } from "./populations";

// The catalogue's words as each surface needs them (./metric-catalogue.ts).

/** A v1 field's description: the definition and what it leaves out. */
export function describe(id: MetricId, note = ""): string {
  const m = METRICS[id];
  return [m.definition, m.excludes ? `Excludes: ${m.excludes}` : "", note].filter(Boolean).join(" ");
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
 * The sources report's populations in one sentence, for the MCP tool's description: who
 * `agent_sessions`, `human_visits`, `assistant_referred_visits` and the AI share count.
 */
export const POPULATION_NOTE = [
  `agent_sessions: ${METRICS.agent_sessions.definition}`,
  `human_visits: ${METRICS.human_visits.definition}`,
  `assistant_referred_visits: ${METRICS.assistant_referred_visits.definition}`,
  `ai_share_pct (${METRICS.ai_share.name}): ${METRICS.ai_share.definition}`,
].join(" ");
