import { type JsonNode, nodesOfType } from "../../structured-data";
import type { PageVisit } from "../../types";

/** JSON-LD Product nodes of a page (ProductGroup and its variants count as products). */
export function productNodes(visit: PageVisit): JsonNode[] {
  return nodesOfType(visit.page?.jsonLd ?? [], ["Product", "ProductGroup", "IndividualProduct", "ProductModel"]);
}

export function hasMicrodataProduct(visit: PageVisit): boolean {
  return (visit.page?.microdataTypes ?? []).some((t) => /schema\.org\/(Product|ProductGroup)$/i.test(t.trim()));
}
