import { itemsOfType, type JsonNode, PRODUCT_TYPES, type StructuredItem } from "../../structured-data";
import type { PageVisit } from "../../types";

/** Product nodes of a page in any syntax (JSON-LD, microdata, RDFa), JSON-LD first. */
export function productItems(visit: PageVisit): StructuredItem[] {
  const order = { "json-ld": 0, microdata: 1, rdfa: 2 } as const;
  return itemsOfType(visit.page, PRODUCT_TYPES).sort((a, b) => order[a.source] - order[b.source]);
}

export function productNodes(visit: PageVisit): JsonNode[] {
  return productItems(visit).map((i) => i.node);
}
