import { workerProject } from "../worker-project";

export default workerProject("scan", "workers/scan/wrangler.toml");
