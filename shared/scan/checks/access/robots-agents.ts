import { isAllowed } from "../../robots/is-allowed";
import { parseRobots } from "../../robots/parse-robots";
import type { CheckOutcome, SiteSnapshot } from "../../types";
import { blockedBy, looksLikeHtml, pathOf } from "../check-helpers";

/** Paths an agent must reach: home and a product path (a found product, else /products/). */
function samplePaths(site: SiteSnapshot): string[] {
  const product =
    site.products[0]?.fetched.url ?? site.discovery.productLinksHome[0] ?? site.discovery.productLinksSitemap[0];
  return ["/", product ? pathOf(product) : "/products/"];
}

/** Which of `agents` may fetch home and product paths under the site's robots.txt. */
export function robotsVerdict(site: SiteSnapshot, agents: readonly string[], label: string): CheckOutcome {
  const f = site.robots;
  const blocked = blockedBy(f, "robots.txt");
  if (blocked) return blocked;
  const paths = samplePaths(site);
  if (!f || f.status === 0 || f.status >= 500) {
    return {
      status: "fail",
      message: `robots.txt is unreachable (${f?.error ?? `HTTP ${f?.status}`}), which RFC 9309 crawlers read as "disallow everything" for ${agents.join(", ")}.`,
      fix: "Serve robots.txt with HTTP 200 and allow these agents on home and product pages.",
      evidence: { agents, paths, status: f?.status ?? 0 },
    };
  }
  if (f.status >= 400 || looksLikeHtml(f)) {
    return {
      status: "pass",
      message: `No robots.txt rules apply (HTTP ${f.status}), so ${agents.join(", ")} may fetch every page.`,
      evidence: { agents, paths, status: f.status },
    };
  }
  const robots = parseRobots(f.body);
  const verdicts = Object.fromEntries(agents.map((a) => [a, paths.every((p) => isAllowed(robots, a, p))]));
  const allowed = agents.filter((a) => verdicts[a]);
  const denied = agents.filter((a) => !verdicts[a]);
  const evidence = { paths, allowed: verdicts };
  if (denied.length === 0) {
    return { status: "pass", message: `robots.txt lets ${agents.join(", ")} fetch ${paths.join(" and ")}.`, evidence };
  }
  return {
    status: allowed.length > 0 ? "warn" : "fail",
    message: `robots.txt disallows ${denied.join(", ")} on ${paths.join(" or ")}${allowed.length ? ` (allowed: ${allowed.join(", ")})` : ""}; ${label}.`,
    fix: `Add a group to robots.txt such as "User-agent: ${denied[0]}" with "Allow: /" (and no Disallow for product paths).`,
    evidence,
  };
}
