import { countText } from "@shared/display/count-text";
import { drainReasonText, isRejectReason } from "@shared/drains/drain-reasons";
import type { DrainView } from "@shared/drains/drain-schema";
import { LOGPUSH_FIELDS } from "@shared/drains/formats/cloudflare-logpush";
import { DRAIN_FORMATS, type DrainFormat } from "@shared/vocabulary/drain-formats";
import { DataTable } from "../layout/data-table";
import { ConfirmActions, PostForm } from "../layout/form";
import { Time } from "../layout/format-time";

/** The vendors' names for the drain formats (docs/integrations/README.md). */
export const FORMAT_LABELS: Record<DrainFormat, string> = {
  cloudflare_logpush: "Cloudflare Logpush",
  vercel: "Vercel log drain",
  ndjson: "Generic NDJSON (Fastly, Netlify, log shippers)",
};

/** What each value of a new drain's `setup` is called in the vendor's form. */
export const SETUP_LABELS: Record<string, string> = {
  destination_conf: "HTTP endpoint",
  dataset: "Dataset",
  output_type: "Output type",
  endpoint: "Endpoint",
  signature_secret: "Signature secret",
  delivery_format: "Delivery format",
  sources: "Sources",
  authorization: "Authorization header",
  content_type: "Content-Type",
};

const STATE_TEXT: Record<DrainView["status"]["state"], string> = {
  waiting: "Waiting for the first batch",
  receiving: "Receiving",
  rejecting: "Last batch stored nothing",
  refusing: "Refusing requests",
  revoked: "Revoked",
};

function LastBatch(props: { status: DrainView["status"] }) {
  const batch = props.status.last_batch;
  if (!batch) return <>No batch yet</>;
  const reasons = Object.entries(batch.reasons).sort((a, b) => b[1] - a[1]);
  const rejects = reasons.filter(([code]) => isRejectReason(code));
  return (
    <>
      <Time at={props.status.last_batch_at} />: {countText(batch.lines, "line")}, {batch.accepted} accepted,{" "}
      {batch.rejected} rejected
      {rejects.length > 0 ? (
        <ul class="reasons" data-rejects>
          {rejects.map(([code, n]) => (
            <li data-reason={code}>
              {n} rejected: {drainReasonText(code)}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

/** The site's drains with their install check, newest first. */
export function DrainTable(props: { base: string; drains: DrainView[]; canManage: boolean }) {
  if (props.drains.length === 0)
    return <p class="empty">No drain yet: create one below and paste its values into the vendor's settings.</p>;
  return (
    <DataTable
      caption={{ text: "Log drains of this site, newest first", visible: false }}
      columns={["Format", "Created", "Status", "Last batch", "Last refusal", props.canManage && "Actions"]}
    >
      {props.drains.map((d) => (
        <tr data-drain-id={d.drain_id} data-state={d.status.state}>
          <td data-label="Format" id={`format-${d.drain_id}`}>
            {FORMAT_LABELS[d.format]}
            <br />
            <code class="hint">{d.drain_id}</code>
          </td>
          <td data-label="Created">
            <Time at={d.created_at} />
          </td>
          <td data-label="Status">
            {STATE_TEXT[d.status.state]}
            {d.revoked_at ? (
              <>
                {" "}
                (<Time at={d.revoked_at} />)
              </>
            ) : null}
          </td>
          <td data-label="Last batch">
            <LastBatch status={d.status} />
          </td>
          <td data-label="Last refusal">
            {d.status.last_refusal_at && d.status.last_refusal_reason ? (
              <>
                <Time at={d.status.last_refusal_at} />: {drainReasonText(d.status.last_refusal_reason)}
              </>
            ) : (
              "None"
            )}
          </td>
          {props.canManage ? (
            <td data-label="Actions">
              {d.revoked_at === null ? (
                <form method="get" action={`${props.base}/${d.drain_id}/revoke`}>
                  <button type="submit" class="danger" aria-describedby={`format-${d.drain_id}`}>
                    Revoke
                  </button>
                </form>
              ) : null}
            </td>
          ) : null}
        </tr>
      ))}
    </DataTable>
  );
}

export function CreateDrainForm(props: { base: string; csrf: string; format?: DrainFormat }) {
  const chosen = props.format ?? "cloudflare_logpush";
  return (
    <section aria-labelledby="create-drain-heading">
      <h2 id="create-drain-heading">Create a drain</h2>
      <PostForm action={props.base} csrf={props.csrf}>
        <fieldset>
          <legend>Where the logs come from</legend>
          <div class="checks">
            {DRAIN_FORMATS.map((f) => (
              <label>
                <input type="radio" name="format" value={f} checked={f === chosen} required /> {FORMAT_LABELS[f]}
              </label>
            ))}
          </div>
        </fieldset>
        <div class="field">
          <label for="vercel-verify">Vercel verification value (Vercel only)</label>
          <input
            id="vercel-verify"
            name="vercel_verify"
            type="text"
            maxlength={128}
            autocomplete="off"
            aria-describedby="vercel-verify-hint"
          />
          <p class="hint" id="vercel-verify-hint">
            Vercel's Add Drain form shows it; this drain's endpoint then answers it in <code>x-vercel-verify</code>.
          </p>
        </div>
        <button type="submit">Create drain</button>
      </PostForm>
    </section>
  );
}

/** The exact steps per vendor (docs/integrations/<format>.md); the one just created is open. */
export function VendorSteps(props: { open?: DrainFormat | null; checkHref: string }) {
  return (
    <section aria-labelledby="steps-heading">
      <h2 id="steps-heading">Setup steps</h2>
      <details id="steps-cloudflare_logpush" open={props.open === "cloudflare_logpush"}>
        <summary>Cloudflare Logpush</summary>
        <ol>
          <li>
            Create a drain here with <strong>Cloudflare Logpush</strong> and copy its <strong>HTTP endpoint</strong>{" "}
            (Logpush's <code>destination_conf</code>): the endpoint with the secret as a request header (Logpush turns{" "}
            <code>header_*</code> URL parameters into headers).
          </li>
          <li>
            Cloudflare dashboard: the zone → <strong>Analytics &amp; Logs</strong> → <strong>Logpush</strong> →{" "}
            <strong>Create a Logpush job</strong> → <strong>HTTP destination</strong>; paste the value as the HTTP
            endpoint.
          </li>
          <li>
            Dataset <strong>HTTP requests</strong>; under <strong>Send the following fields</strong> pick at least{" "}
            {LOGPUSH_FIELDS.map((f, i) => (
              <>
                {i > 0 ? ", " : null}
                <code>{f}</code>
              </>
            ))}
            . Leave the output type NDJSON; any timestamp format is read.
          </li>
          <li>
            Save. Logpush sends a batch every 30 seconds or so; this page then shows <strong>Receiving</strong>.
          </li>
        </ol>
      </details>
      <details id="steps-vercel" open={props.open === "vercel"}>
        <summary>Vercel log drain</summary>
        <ol>
          <li>
            Vercel dashboard: team <strong>Settings</strong> → <strong>Drains</strong> → <strong>Add Drain</strong> →{" "}
            <strong>Logs</strong> → custom endpoint. Copy the <strong>verification</strong> value the form shows.
          </li>
          <li>
            Create a drain here with <strong>Vercel log drain</strong>, pasting that value into the Vercel verification
            field.
          </li>
          <li>
            Back in Vercel: <strong>Endpoint</strong> is the new drain's Endpoint (Verify succeeds);{" "}
            <strong>Signature secret</strong> (custom secret) is its Signature secret; delivery format JSON or NDJSON;
            sources <code>static</code>, <code>edge</code>, <code>lambda</code>; environment production; sampling 100%.
          </li>
          <li>
            Save. <strong>Refusing requests</strong> with a wrong signature here means Vercel holds another secret.
          </li>
        </ol>
      </details>
      <details id="steps-ndjson" open={props.open === "ndjson"}>
        <summary>Generic NDJSON (Fastly, Netlify, log shippers)</summary>
        <ol>
          <li>
            Create a drain here with <strong>Generic NDJSON</strong>; copy its Endpoint and Authorization header.
          </li>
          <li>
            Send one request per line in the record shape of <code>POST /api/v1/events</code> (<code>timestamp</code>,{" "}
            <code>domain</code>, <code>path</code>, <code>method</code>, <code>status</code>, <code>user_agent</code>,{" "}
            <code>ip</code>, <code>referer</code>, optional <code>id</code> and <code>content_type</code>), gzip or
            plain:{" "}
            <code>
              gzip -c requests.ndjson | curl -X POST ENDPOINT -H "Authorization: Bearer SECRET" --data-binary @-
            </code>
          </li>
          <li>
            Fastly: <strong>Logging</strong> → <strong>HTTPS</strong> → URL the Endpoint, method POST, content type{" "}
            <code>application/x-ndjson</code>, custom header <code>Authorization</code> with the value above, a JSON log
            line mapping Fastly's variables to these fields (the NDJSON integration guide of this service's repository
            gives the line). Netlify's log drains send their own JSON: forward them mapped to these fields.
          </li>
        </ol>
      </details>
      <p class="hint">
        The same status is in the API: <code>GET {props.checkHref}</code>.
      </p>
    </section>
  );
}

export function ConfirmRevokeDrain(props: { base: string; csrf: string; drain: DrainView; domain: string }) {
  return (
    <>
      <p>
        Revoke the <strong>{FORMAT_LABELS[props.drain.format]}</strong> drain <code>{props.drain.drain_id}</code> of{" "}
        <strong>{props.domain}</strong>? Its endpoint refuses every later batch (401); what it stored stays. This cannot
        be undone: create a new drain to start again.
      </p>
      <ConfirmActions
        action={`${props.base}/${props.drain.drain_id}/revoke`}
        csrf={props.csrf}
        label="Confirm revoke"
        cancelHref={props.base}
      />
    </>
  );
}
