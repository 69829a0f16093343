import { z } from "zod";

// A check's status (contract "CheckResult"), alone in its file so that the scan diff
// (./scan-diff.ts), which the ScanResult schema itself embeds, can name it without an
// import cycle through ./scan-result.ts.
export const CheckStatus = z.enum(["pass", "warn", "fail"]);
export type CheckStatus = z.infer<typeof CheckStatus>;
