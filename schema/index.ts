export * from "./api-keys";
export * from "./ingest-events";
export * from "./sites";
export * from "./workspaces";
export * from "./conversions";
