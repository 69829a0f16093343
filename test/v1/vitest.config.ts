import { workerProject } from "../worker-project";

export default workerProject("v1", "workers/v1/wrangler.toml");
