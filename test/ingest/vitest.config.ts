import { workerProject } from "../worker-project";
import { outboundService } from "./fixtures/outbound";

export default workerProject("ingest", "workers/ingest/wrangler.toml", { miniflare: { outboundService } });
