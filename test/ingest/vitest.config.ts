import { workerProject } from "../worker-project";

export default workerProject("ingest", "workers/ingest/wrangler.toml");
