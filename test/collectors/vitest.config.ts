import { defineProject } from "vitest/config";
import { LANE_WORKERS } from "../worker-project.ts";

// The collector packages (collectors/) in Node, against local node:http services: no
// Worker, no network. Their end-to-end test against the running service is in test/e2e.
export default defineProject({
  test: {
    name: "collectors",
    environment: "node",
    maxWorkers: LANE_WORKERS,
    include: ["test/collectors/**/*.test.ts"],
  },
  root: new URL("../..", import.meta.url).pathname,
});
