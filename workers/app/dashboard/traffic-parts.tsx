import { platformName, purposeName, sourceName, subSourceName, tierName } from "@shared/display/display-names";
import type {
  PurposeSplit as PurposeSplitResult,
  TrafficSources as SourcesResult,
  VerificationBreakdown as VerificationResult,
} from "@shared/reports/report-schemas";
import { DataTable } from "../layout/data-table";

const PURPOSE_TEXT: Record<string, string> = {
  user_action: "Acting for a person right now (buy intent)",
  search: "Gathering information for an answer",
  crawl: "Indexing or training, no person waiting",
  unknown: "The platform does not say",
};

export function PurposeBars(props: { split: PurposeSplitResult }) {
  return (
    <ul class="plain" aria-label="Purpose split">
      {props.split.by_purpose.map((p) => (
        <li class="bar-row" data-purpose={p.purpose} data-sessions={p.sessions}>
          <span>
            <strong>{purposeName(p.purpose)}</strong>
            <br />
            <span class="hint">{PURPOSE_TEXT[p.purpose]}</span>
          </span>
          <meter min={0} max={100} value={p.share_pct} aria-hidden="true" />
          <span>
            {p.sessions} ({p.share_pct}%)
          </span>
        </li>
      ))}
    </ul>
  );
}

export function TierTable(props: { v: VerificationResult }) {
  const v = props.v;
  return (
    <>
      <p>
        <span data-metric="verified_sessions">{v.verified_sessions}</span> {tierName("verified").toLowerCase()} ·{" "}
        <span data-metric="declared_sessions">{v.declared_sessions}</span> {tierName("declared").toLowerCase()} ·{" "}
        <span data-metric="heuristic_sessions">{v.heuristic_sessions}</span> {tierName("heuristic").toLowerCase()}
      </p>
      <details>
        <summary>What the tiers mean</summary>
        <dl>
          <dt>{tierName("verified")}</dt>
          <dd>
            Identity confirmed: a valid HTTP message signature (Web Bot Auth, RFC 9421) or a source address inside the
            vendor's published range. The highest trust.
          </dd>
          <dt>{tierName("declared")}</dt>
          <dd>The User-Agent names the platform and nothing confirmed it. Anyone can send that User-Agent.</dd>
          <dt>{tierName("heuristic")} (heuristic)</dt>
          <dd>Inferred from automation hints or behaviour; no identity claim at all.</dd>
        </dl>
        <p class="hint">A platform's tier is the tier most of its sessions had.</p>
      </details>
      {v.by_platform.length > 0 ? (
        <DataTable
          caption={{ text: "Verification tiers by platform", visible: false }}
          columns={["Platform", "Sessions", tierName("verified"), tierName("declared"), tierName("heuristic"), "Tier"]}
        >
          {v.by_platform.map((p) => (
            <tr data-platform={p.platform}>
              <td data-label="Platform">{platformName(p.platform)}</td>
              <td data-label="Sessions">{p.sessions}</td>
              <td data-label={tierName("verified")}>{p.verified}</td>
              <td data-label={tierName("declared")}>{p.declared}</td>
              <td data-label={tierName("heuristic")}>{p.heuristic}</td>
              <td data-label="Tier">{tierName(p.tier)}</td>
            </tr>
          ))}
        </DataTable>
      ) : null}
    </>
  );
}

export function SourceTables(props: { s: SourcesResult }) {
  const s = props.s;
  return (
    <>
      <DataTable
        caption={{ text: "Sessions by source", visible: false }}
        columns={["Source", "Detail", "Sessions", "Share"]}
      >
        {s.by_source.map((r) => (
          <tr data-source={`${r.source}/${r.sub_source ?? ""}`} data-sessions={r.sessions}>
            <td data-label="Source">{sourceName(r.source)}</td>
            <td data-label="Detail">{subSourceName(r.source, r.sub_source)}</td>
            <td data-label="Sessions">{r.sessions}</td>
            <td data-label="Share">{r.share_pct}%</td>
          </tr>
        ))}
      </DataTable>
      <h3>Top referrer hosts</h3>
      {s.top_referrer_hosts.length === 0 ? (
        <p class="hint">No referrers in this window.</p>
      ) : (
        <DataTable caption={{ text: "Top referrer hosts", visible: false }} columns={["Host", "Sessions"]}>
          {s.top_referrer_hosts.map((h) => (
            <tr data-host={h.host}>
              <td data-label="Host">{h.host}</td>
              <td data-label="Sessions">{h.sessions}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}
