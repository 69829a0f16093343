// Writes docs/metrics.md from the metric catalogue (shared/metrics/); test/unit/metric-catalogue.test.ts checks it is current.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { metricsMarkdown } from "../shared/metrics/metrics-markdown";

writeFileSync(path.resolve(import.meta.dirname, "../docs/metrics.md"), metricsMarkdown());
