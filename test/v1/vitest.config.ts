import { workerProject } from "../worker-project.ts";

export default workerProject("v1", "workers/v1/wrangler.toml");
