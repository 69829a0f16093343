import { z } from "zod";

// GET /api/scan/{id}: a scan id is a UUID (contract ScanResult.id). The scan route
// checks its path with it and the MCP tool get_scan takes it as its input.
export const ScanIdParam = z.object({
  id: z.uuid().meta({
    description: "The scan's id (a UUID), as returned by a scan or named in a score.changed webhook.",
    example: "0b9c6c1e-8f3a-4d57-9d1e-3c1a2b4d5e6f",
  }),
});
