import type { TestProject } from "vitest/node";
import { type LocalServer, startLocalServer } from "../helpers/node/local-server";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

let server: LocalServer | undefined;

// One real local server (npm start) for the whole e2e project.
export async function setup(project: TestProject): Promise<void> {
  server = await startLocalServer();
  project.provide("baseUrl", server.baseUrl);
}

export async function teardown(): Promise<void> {
  await server?.stop();
}
