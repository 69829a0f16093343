import type { AppEnv } from "@shared/http/create-app";

export type ScanAppEnv = AppEnv<ScanEnv>;
