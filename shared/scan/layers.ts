// The five layers of a scan, declared once (contract "LayerScores", scan-checks.md
// "Scores"): their numbers, names, overall weights and the question each one asks. The
// types, the Scan API's LayerScores schema, the scoring and the report all read this table.
export const LAYERS = [
  // Overall weights: reaching and operating the site matter most for finding a product
  // and adding it to a cart (scan-checks.md). A weight change is a new SCORING_VERSION.
  { layer: 1, name: "access", weight: 25, title: "Access", question: "Can agents reach the site?" },
  {
    layer: 2,
    name: "identity",
    weight: 15,
    title: "Identity",
    question: "Can agents understand what the site is?",
  },
  {
    layer: 3,
    name: "interaction",
    weight: 25,
    title: "Interaction",
    question: "Can browser agents find a product and add it to a cart?",
  },
  { layer: 4, name: "content", weight: 20, title: "Content", question: "Can agents parse the content?" },
  {
    layer: 5,
    name: "integration",
    weight: 15,
    title: "Integration",
    question: "Can agents use the shop programmatically?",
  },
] as const;

export type Layer = (typeof LAYERS)[number];
export type LayerNumber = Layer["layer"];
export type LayerName = Layer["name"];

/** The layer numbers in order (the Scan API's `layer` enum). */
export const LAYER_NUMBERS: readonly LayerNumber[] = LAYERS.map((l) => l.layer);

/** The layer of a number; undefined for a number no layer has (a stored result from elsewhere). */
export function layerByNumber(layer: number): Layer | undefined {
  return LAYERS.find((l) => l.layer === layer);
}
