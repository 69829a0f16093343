import { allSomeNone, homePage, isOutcome } from "../check-helpers";
import { defineCheck } from "../define-check";

const TAGS = ["og:title", "og:type", "og:image", "og:url"] as const;

export const openGraph = defineCheck({
  key: "open_graph",
  layer: 2,
  weight: 1,
  run(site) {
    const home = homePage(site);
    if (isOutcome(home)) return home;
    const meta = home.page?.meta ?? {};
    const present = TAGS.filter((t) => meta[t]?.trim());
    const missing = TAGS.filter((t) => !present.includes(t));
    const status = allSomeNone(present.length, TAGS.length);
    return {
      status,
      message:
        status === "pass"
          ? "The home page carries og:title, og:type, og:image and og:url."
          : `The home page lacks ${missing.join(", ")}.`,
      fix:
        status === "pass"
          ? null
          : `Add <meta property="${missing[0]}" content="..."> (and the other missing Open Graph tags).`,
      evidence: { present, missing },
    };
  },
});
