// The v1 Worker as its tests run it. In production v1 reaches the AnalyticsShard of the
// ingest Worker (script_name); a vitest project runs one Worker, so here the class is
// exported beside v1 and the binding points at it (test/v1/vitest.config.ts). Reports
// run the same shard code either way. Every answer is checked against the v1 OpenAPI
// document (document-conformance.ts).
import worker from "../../workers/v1/index";
import { withDocumentCheck } from "./document-conformance";

export { AnalyticsShard } from "../../shared/shards/analytics-shard";
export { RateWindow } from "../../workers/v1/index";
export default withDocumentCheck(worker);
