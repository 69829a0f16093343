export {
  Collector,
  type CollectorError,
  type CollectorOptions,
  type CollectorStats,
  retryAfterMs,
} from "./collector.js";
export type { PolicyOptions, PolicyStatus } from "./policy-client.js";
export type { PolicyMark } from "./policy-document.js";
export type { GateAnswer } from "./policy-gate.js";
export { type EventRecord, isDocument, isForwarded, type RequestFacts, toEventRecord } from "./record.js";
