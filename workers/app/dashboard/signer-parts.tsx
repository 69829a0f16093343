import { listedSignerAt } from "@shared/classify/listed-signers";
import { platformName, tierName } from "@shared/display/display-names";
import type { VerificationBreakdown } from "@shared/reports/report-schemas";
import { DataTable } from "../layout/data-table";

// Who signed (docs/ingest.md, "Who counts as verified"): a signature proves who holds a
// key, so a merchant sees the signer itself, and only a listed operator's signature is
// shown as verifying a platform. Signer origins are chosen by whoever signs: they are
// always text (JSX escapes them), never a link or markup.

/** The signers table of the traffic page's verification section (the v1 report's `by_signer`). */
export function SignerTable(props: { v: Pick<VerificationBreakdown, "signed_sessions" | "signers" | "by_signer"> }) {
  const v = props.v;
  if (v.signed_sessions === 0) return <p class="hint">No session in this window carried a valid signature.</p>;
  return (
    <>
      <p>
        <span data-metric="signed_sessions">{v.signed_sessions}</span> signed sessions from{" "}
        <span data-metric="signers">{v.signers}</span> signers
        {v.signers > v.by_signer.length ? ` (the ${v.by_signer.length} with most sessions below)` : ""}. Only a listed
        operator's signature verifies a platform; any other signer is shown as itself, whatever its User-Agent says.
      </p>
      <DataTable
        caption={{ text: "Signed sessions by signer", visible: false }}
        columns={["Signer", "Listed", "Sessions", tierName("verified"), tierName("declared"), tierName("heuristic")]}
      >
        {v.by_signer.map((s) => (
          <tr data-signer={s.signer_origin} data-listed={s.listed ? "yes" : "no"}>
            <td data-label="Signer">
              {s.operator ? <strong>{s.operator} </strong> : null}
              <code>{s.signer_origin}</code>
            </td>
            <td data-label="Listed">
              {s.verifies_platform
                ? `Listed: verifies ${platformName(s.verifies_platform)}`
                : "Unlisted: proves only who holds the key"}
            </td>
            <td data-label="Sessions">{s.sessions}</td>
            <td data-label={tierName("verified")}>{s.verified}</td>
            <td data-label={tierName("declared")}>{s.declared}</td>
            <td data-label={tierName("heuristic")}>{s.heuristic}</td>
          </tr>
        ))}
      </DataTable>
    </>
  );
}

/** A session's signer, for its journey's facts. */
export function SignedBy(props: { signerOrigin: string | null; platform: string }) {
  if (!props.signerOrigin) return <dd data-signer="none">No valid signature</dd>;
  const listed = listedSignerAt(props.signerOrigin);
  return (
    <dd data-signer={props.signerOrigin} data-listed={listed ? "yes" : "no"}>
      {listed ? <strong>{listed.operator} </strong> : null}
      <code>{props.signerOrigin}</code>
      <br />
      <span class="hint">
        {listed
          ? `Listed signer: its signature verifies ${platformName(listed.platform)}.`
          : `Unlisted signer: the signature proves who holds this key, not that the visit is ${platformName(props.platform)}'s.`}
      </span>
    </dd>
  );
}
