import { amountsIn, readPrice } from "../checks/content/price-text";
import { productNodes } from "../checks/content/product-nodes";
import { findCartControl } from "../checks/interaction/cart-control";
import { offerPrice, offersOf, stringValue } from "../structured-data";
import type { PageVisit, SiteSnapshot } from "../types";
import { wordMatcher } from "../vocabulary/fold";
import { type HandoffPage, HandoffReadiness, type Stock } from "./handoff-schema";

// Hand-off readiness (issue 45): for each product URL the scan sampled, whether an agent
// sent there (from a product feed, or by an assistant that found the product) lands well.
// OpenAI's product feed documentation says the live site still checks the offer when the
// customer acts (developers.openai.com/commerce/specs/feed), so for most shops the agent's
// path ends on this page: it must answer 200 without a challenge, show the offer's price
// and availability as its structured data states them, and carry an add-to-cart control.
// Reported with the scan (evidence of price_consistency, and the result's `handoff`);
// no check's status depends on it.

// Availability as shops write it on the page, in the shops' languages (the same markets as
// vocabulary/shop-words.ts). Out-of-stock words are read first: "no disponible" is not
// "disponible".
const OUT_OF_STOCK = wordMatcher([
  "out of stock",
  "sold out",
  "unavailable",
  "not available",
  "ausverkauft",
  "nicht auf lager",
  "nicht lieferbar",
  "nicht verfügbar",
  "rupture de stock",
  "épuisé",
  "indisponible",
  "agotado",
  "sin stock",
  "no disponible",
  "esaurito",
  "non disponibile",
  "esgotado",
  "sem estoque",
  "indisponível",
  "uitverkocht",
  "niet op voorraad",
  "niedostępny",
  "wyprzedany",
  "vyprodáno",
  "není skladem",
  "vypredané",
  "nie je skladom",
  "ni na zalogi",
  "razprodano",
  "rasprodano",
  "nema na zalihi",
  "slutsåld",
  "slut i lager",
  "udsolgt",
  "loppuunmyyty",
  "ei varastossa",
  "läbi müüdud",
  "izpārdots",
  "išparduota",
  "elfogyott",
  "stoc epuizat",
  "indisponibil",
  "изчерпан",
  "εξαντλήθηκε",
  "as stoc",
  "在庫切れ",
  "売り切れ",
]);
const IN_STOCK = wordMatcher([
  "in stock",
  "available",
  "auf lager",
  "lieferbar",
  "verfügbar",
  "en stock",
  "disponible",
  "disponibile",
  "in magazzino",
  "em estoque",
  "em stock",
  "disponível",
  "op voorraad",
  "leverbaar",
  "dostępny",
  "w magazynie",
  "skladem",
  "skladom",
  "na zalogi",
  "na zalihi",
  "i lager",
  "på lager",
  "varastossa",
  "laos",
  "noliktavā",
  "sandėlyje",
  "raktáron",
  "în stoc",
  "в наличност",
  "σε απόθεμα",
  "disponibbli",
  "ar fáil",
  "在庫あり",
]);

/** A schema.org ItemAvailability, as a class: in stock, out of stock, or another state (pre-order, back order). */
export function stockOf(availability: string | null): Stock | null {
  if (!availability) return null;
  const name = availability.replace(/^https?:\/\/schema\.org\//i, "").toLowerCase();
  if (["instock", "limitedavailability", "onlineonly", "instoreonly"].includes(name)) return "in_stock";
  if (["outofstock", "soldout", "discontinued"].includes(name)) return "out_of_stock";
  return "other";
}

/** What the page's visible text says of availability, or null when it says nothing. */
export function pageStock(text: string): Stock | null {
  if (OUT_OF_STOCK(text)) return "out_of_stock";
  if (IN_STOCK(text)) return "in_stock";
  return null;
}

/** Read back from stored check results (price_consistency's evidence), or null. */
export function handoffOf(checks: ReadonlyArray<{ key: string; evidence?: Record<string, unknown> | null }>) {
  const evidence = checks.find((c) => c.key === "price_consistency")?.evidence;
  const parsed = HandoffReadiness.safeParse(evidence?.handoff);
  return parsed.success ? parsed.data : null;
}

function judge(visit: PageVisit): HandoffPage {
  const f = visit.fetched;
  const landed = f.status === 200 && !f.challenge && !f.robotsBlocked && visit.page !== null;
  const offer = productNodes(visit).flatMap(offersOf)[0] ?? null;
  const price = offer ? offerPrice(offer) : null;
  const availability = offer ? stringValue(offer.availability) : null;
  const text = visit.page?.visibleText ?? visit.page?.text ?? "";
  const amount = price ? readPrice(price) : null;
  const onPage =
    price !== null &&
    (text.includes(price) || (amount !== null && amountsIn(text).some((n) => Math.abs(n - amount) < 0.005)));
  const data = stockOf(availability);
  // Read only when there is a stated availability to compare with: the words are matched
  // over the whole visible text, which on a huge page (up to the crawl's 2 MiB) costs
  // seconds of CPU for nothing.
  const said = landed && data !== null ? pageStock(text) : null;
  // Another state (pre-order, back order) only has to not be contradicted by "sold out".
  const equal = data === "other" ? said !== "out_of_stock" : data !== null && said === data;
  const control = visit.page ? findCartControl(visit.page).level : "none";
  const addToCart = control === "form" || control === "link" || control === "script" ? control : null;
  const problems: string[] = [];
  if (!landed)
    problems.push(
      f.challenge
        ? `answers with a ${f.challenge} challenge`
        : f.robotsBlocked
          ? "robots.txt keeps agents out"
          : f.status === 200
            ? "could not be read"
            : f.status === 0
              ? "gives no answer"
              : `answers HTTP ${f.status}`,
    );
  if (landed) {
    if (price === null) problems.push("states no offer price in its structured data");
    else if (!onPage) problems.push(`does not show its structured-data price ${price}`);
    if (data === null) problems.push("states no availability in its structured data");
    else if (!equal)
      problems.push(
        said === null
          ? `does not say on the page whether it is in stock (its data says ${availability})`
          : `says "${said.replace(/_/g, " ")}" on the page where its data says ${availability}`,
      );
    if (!addToCart) problems.push("has no add-to-cart control");
  }
  return {
    url: f.url,
    status: f.status,
    challenge: f.challenge,
    landed,
    price: { data: price, onPage },
    availability: { data: availability, onPage: said, equal },
    addToCart,
    ready: problems.length === 0,
    problems,
  };
}

/** Hand-off readiness of every product page the scan sampled (none sampled: null). */
export function handoffReadiness(site: SiteSnapshot): HandoffReadiness | null {
  if (site.products.length === 0) return null;
  const pages = site.products.map(judge);
  return { sampled: pages.length, ready: pages.filter((p) => p.ready).length, pages };
}
