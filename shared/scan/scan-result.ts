import { z } from "zod";
import { CheckStatus } from "./check-status";
import { HandoffReadiness } from "./handoff/handoff-schema";
import { LAYER_NUMBERS, LAYERS, type LayerName } from "./layers";
import { ScanDiff } from "./scan-diff-schema";

// The Scan API's resources (contract: "Scan API resources"), declared once: the scan
// routes, the Scan API's OpenAPI document (/api/scan/openapi.json) and the scan code's
// types (`CheckResult`, `ScanResult`) all come from these schemas.

const Score = z.number().int().min(0).max(100);

/** contract ScanRequest: the body of POST /api/scan. */
export const ScanRequest = z
  .object({
    domain: z
      .string()
      .min(1)
      .max(253)
      .meta({ description: "Hostname only, no protocol prefix.", example: "shop.example" }),
    // Additive (issue 45): the explicit way to ask for a new scan inside the replay window.
    rescan: z.boolean().optional().meta({
      description:
        "true: a new scan, counted against the limits, even when this client finished a scan of the domain in the last 600 seconds (which is otherwise replayed). A reconnect with Last-Event-ID never starts a scan, whatever this says.",
    }),
  })
  .meta({ id: "ScanRequest" });

/** One score per layer, described by the question the layer asks (./layers.ts). */
export const LayerScores = z
  .object(
    // The shape is built from the layers table; the cast names the keys it was built from.
    Object.fromEntries(
      LAYERS.map((l) => [l.name, Score.meta({ description: `Layer ${l.layer}: ${l.question}` })]),
    ) as Record<LayerName, typeof Score>,
  )
  .meta({ id: "LayerScores" });

export { CheckStatus };

export const CheckResult = z
  .object({
    // zod-to-openapi renders a literal by its first value only (`{"enum":[1]}`), so the
    // document's type and enum are stated here from the same tuple.
    layer: z
      .literal(LAYER_NUMBERS)
      .meta({ description: "Layer number (LayerScores).", type: "integer", enum: [...LAYER_NUMBERS] }),
    key: z.string().meta({ description: "Unique check identifier.", example: "llms_txt" }),
    status: CheckStatus,
    message: z.string().meta({ description: "Human-readable." }),
    fix: z.string().nullable().meta({ description: "Suggested fix; null when the check passes." }),
    evidence: z.record(z.string(), z.unknown()).nullable().meta({ description: "Free-form supporting data." }),
    blocked: z.boolean().optional().meta({
      description:
        "True when the check could not run because of bot protection or robots.txt blocking; it scores 0 and signals an access problem.",
    }),
  })
  .meta({ id: "CheckResult" });

/** Why a shop gave no HTTP answer at all (docs/scan.md "Unreachable shops"). */
export const Unreachable = z
  .object({
    url: z.string().meta({ description: "The URL that got no answer (robots.txt, the crawl's first request)." }),
    reason: z.string().meta({ description: "Why, in plain words.", example: "the name does not resolve" }),
    message: z.string().meta({ description: "One sentence for the merchant." }),
  })
  .meta({ id: "Unreachable" });

/** contract ScanResult, plus the additive scoringVersion and unreachable. */
export const ScanResult = z
  .object({
    id: z.uuid(),
    domain: z.string().meta({ example: "shop.example" }),
    overallScore: Score,
    layerScores: LayerScores,
    checkResults: z
      .array(CheckResult)
      .meta({ description: "One result per check, in the order docs/scan.md lists the checks." }),
    createdAt: z.iso.datetime().meta({ description: "First creation." }),
    lastSeenAt: z.iso.datetime().meta({ description: "Last time these exact results were seen." }),
    seenCount: z.number().int().min(1).meta({ description: "Times this exact result set was seen." }),
    scoringVersion: z.string().meta({ description: "Scoring methodology version (docs/scoring.md).", example: "2" }),
    unreachable: Unreachable.nullable().meta({
      description: "Null, or why the shop gave no HTTP answer at all; then every check fails and the score is 0.",
    }),
    handoff: HandoffReadiness.nullable().optional().meta({
      description:
        "Additive (issue 45): for each product page the scan sampled, whether an agent handed off there lands well (200 without a challenge, price and availability on the page as the structured data states them, an add-to-cart control); null when no product page was sampled.",
    }),
    changes: ScanDiff.nullable().meta({
      description:
        'What changed since the previous stored scan of this domain (docs/scan-report.md "What changed"); null when this is the domain\'s first scan: there is nothing to compare with.',
    }),
  })
  .meta({ id: "ScanResult" });

export type ScanRequest = z.infer<typeof ScanRequest>;
export type LayerScores = z.infer<typeof LayerScores>;
export type CheckResult = z.infer<typeof CheckResult>;
export type ScanResult = z.infer<typeof ScanResult>;
export type Unreachable = z.infer<typeof Unreachable>;
