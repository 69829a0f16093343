export {
  Collector,
  type CollectorError,
  type CollectorOptions,
  type CollectorStats,
  retryAfterMs,
} from "./collector.js";
export { type EventRecord, isDocument, isForwarded, type RequestFacts, toEventRecord } from "./record.js";
