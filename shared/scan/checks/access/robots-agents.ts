import { parseRobots } from "../../../robots/parse-robots";
import { judgeRobots, type RobotsVerdict, verdictSentence } from "../../../robots/robots-verdict";
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
      evidence: { agents, paths, status: f?.status ?? 0, reason: "unreachable" },
    };
  }
  if (f.status >= 400 || looksLikeHtml(f)) {
    return {
      status: "pass",
      message: `No robots.txt rules apply (HTTP ${f.status}), so ${agents.join(", ")} may fetch every page.`,
      evidence: { agents, paths, status: f.status, reason: "unavailable" },
    };
  }
  const robots = parseRobots(f.body);
  // Each agent's verdict on each path, with the rule and line that decided it (issue 45).
  const judged: Record<string, Record<string, RobotsVerdict>> = Object.fromEntries(
    agents.map((a) => [a, Object.fromEntries(paths.map((p) => [p, judgeRobots({ kind: "rules", robots }, a, p)]))]),
  );
  const verdicts = Object.fromEntries(agents.map((a) => [a, paths.every((p) => judged[a][p].allowed)]));
  const allowed = agents.filter((a) => verdicts[a]);
  const denied = agents.filter((a) => !verdicts[a]);
  const evidence = { paths, allowed: verdicts, verdicts: judged };
  if (denied.length === 0) {
    return { status: "pass", message: `robots.txt lets ${agents.join(", ")} fetch ${paths.join(" and ")}.`, evidence };
  }
  const because = denied.map((a) => {
    const p = paths.find((x) => !judged[a][x].allowed) ?? paths[0];
    return verdictSentence(judged[a][p], a, p);
  });
  return {
    status: allowed.length > 0 ? "warn" : "fail",
    message: `robots.txt disallows ${denied.join(", ")} on ${paths.join(" or ")}${allowed.length ? ` (allowed: ${allowed.join(", ")})` : ""}; ${label}: ${because.join("; ")}.`,
    fix: `Add a group to robots.txt such as "User-agent: ${denied[0]}" with "Allow: /" (and no Disallow for product paths).`,
    evidence,
  };
}
