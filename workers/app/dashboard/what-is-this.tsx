import type { MetricId } from "@shared/metrics/metric-catalogue";
import { metricName, whatIsThis } from "@shared/metrics/metric-text";

/**
 * A number's "What is this?" (issue 40, docs/metrics.md): the metric catalogue's
 * definition, the population it counts and what it leaves out, behind a disclosure, so
 * no page writes its own copy. The summary's hidden words name the metric, so a screen
 * reader's list of them says which is which; the visible label stays in the name.
 */
export function WhatIsThis(props: { id: MetricId }) {
  return (
    <details class="what-is-this" data-defines={props.id}>
      <summary>
        What is this?<span class="visually-hidden"> {metricName(props.id)}</span>
      </summary>
      <p>{whatIsThis(props.id)}</p>
    </details>
  );
}
