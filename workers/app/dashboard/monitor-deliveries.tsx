import { failureText, httpAnswerText } from "@shared/display/answer-text";
import { countText } from "@shared/display/count-text";
import type { AttemptRecord, DeliveryRecord } from "@shared/monitors/list-deliveries";
import type { MonitorRecord } from "@shared/monitors/monitor-row";
import type { Context } from "hono";
import type { AppEnv } from "../app-env";
import { appHref } from "../layout/app-href";
import { Time } from "../layout/format-time";

// The parts of a monitor's deliveries page (docs/webhooks.md "Deliveries page"): each
// delivery with its status in words, what it said (the score change, then the JSON
// exactly as signed and sent) and every attempt with the receiver's answer. The section
// asks for itself again while a delivery is pending (refresh-js.ts), so a test event's
// answer appears without a reload.

/** How often a page with a pending delivery or a monitor waiting for its baseline asks again. */
export const REFRESH_MS = 3000;
/** The longest payload shown; the payloads this service sends are far smaller. */
const MAX_PAYLOAD_CHARS = 8192;

/** "Delivered", "Waiting: next attempt at …", "Failed: every retry used". */
function StatusText(props: { d: DeliveryRecord }) {
  const { d } = props;
  if (d.status === "failed") return <>Failed: every retry was used</>;
  if (d.status === "succeeded") return <>Delivered</>;
  if (d.attempts.length === 0) return <>Waiting for its first attempt</>;
  return (
    <>
      Waiting: next attempt at <Time at={d.nextAttemptAt} never="once the queue takes it" />
    </>
  );
}

/** What one attempt got back: an HTTP status, or why none came, in words. */
export function attemptAnswer(a: AttemptRecord): string {
  if (a.statusCode !== null) return httpAnswerText(a.statusCode);
  return a.error === null ? httpAnswerText(null) : `no answer: ${failureText(a.error)}`;
}

/** The payload as it was signed and sent, indented for reading, cut at MAX_PAYLOAD_CHARS. */
function payloadText(raw: string): string {
  let text: string;
  try {
    text = JSON.stringify(JSON.parse(raw), null, 2);
  } catch {
    text = raw;
  }
  return text.length > MAX_PAYLOAD_CHARS ? `${text.slice(0, MAX_PAYLOAD_CHARS)}\n… (cut)` : text;
}

/** The score change a score.changed payload carries, in words, or null for another event. */
function ScoreChange(props: { c: Context<AppEnv>; monitor: MonitorRecord; payload: string }) {
  let p: { oldScore?: unknown; newScore?: unknown; scanId?: unknown; test?: unknown };
  try {
    p = JSON.parse(props.payload) as typeof p;
  } catch {
    return null;
  }
  if (typeof p.oldScore !== "number" || typeof p.newScore !== "number") return null;
  const report =
    typeof p.scanId === "string"
      ? appHref(props.c, `/scans/${encodeURIComponent(props.monitor.domain)}/${encodeURIComponent(p.scanId)}`)
      : null;
  return (
    <p>
      Score {p.oldScore} → {p.newScore}
      {p.test === true ? " (a test event: no scan changed)" : null}
      {report ? (
        <>
          {" "}
          · <a href={report}>the scan's report</a>
        </>
      ) : null}
    </p>
  );
}

function Attempts(props: { d: DeliveryRecord }) {
  if (props.d.attempts.length === 0) return <p>No attempt yet.</p>;
  return (
    <ol class="attempts">
      {props.d.attempts.map((a) => (
        <li data-attempt={a.attempt} data-status-code={a.statusCode ?? ""}>
          Attempt {a.attempt}, <Time at={a.attemptedAt} seconds />: <strong>{attemptAnswer(a)}</strong> after{" "}
          {a.durationMs} ms
          {a.responseExcerpt === null ? null : a.responseExcerpt === "" ? (
            <span class="hint"> (an empty answer)</span>
          ) : (
            <>
              <br />
              <span class="hint">The receiver's answer began:</span>
              <pre class="raw" data-raw="response">
                <code>{a.responseExcerpt}</code>
              </pre>
            </>
          )}
        </li>
      ))}
    </ol>
  );
}

/** One sentence of the deliveries' states, said by the page's status region when it changes. */
function summaryOf(deliveries: DeliveryRecord[]): string {
  const n = (status: DeliveryRecord["status"]) => deliveries.filter((d) => d.status === status).length;
  return `${n("succeeded")} delivered, ${n("pending")} waiting, ${n("failed")} failed.`;
}

/** The deliveries, newest first, each with its payload and answers; refreshed while one is waiting. */
export function DeliveryList(props: { c: Context<AppEnv>; monitor: MonitorRecord; deliveries: DeliveryRecord[] }) {
  const { deliveries } = props;
  const pending = deliveries.some((d) => d.status === "pending");
  return (
    <section
      id="deliveries"
      aria-labelledby="deliveries-heading"
      data-refresh-ms={REFRESH_MS}
      data-pending={String(pending)}
      data-summary={summaryOf(deliveries)}
    >
      <h2 id="deliveries-heading">Deliveries, newest first</h2>
      {deliveries.length === 0 ? (
        <p class="empty">No deliveries yet: one is sent when a scan changes the score, or with Send test event.</p>
      ) : (
        <ul class="deliveries plain">
          {deliveries.map((d) => (
            <li data-delivery={d.id} data-status={d.status}>
              <h3>
                <code>{d.event}</code> · <Time at={d.createdAt} seconds />
              </h3>
              <p>
                <StatusText d={d} />. {countText(d.attempts.length, "attempt")}
                {d.attempts.length > 0 ? `, the last: ${attemptAnswer(d.attempts[d.attempts.length - 1])}` : ""}.
              </p>
              <ScoreChange c={props.c} monitor={props.monitor} payload={d.payload} />
              <details id={`payload-${d.id}`}>
                <summary>
                  Payload and answers<span class="visually-hidden"> of this delivery</span>
                </summary>
                <p class="hint">
                  The JSON exactly as it was signed and sent (its <code>webhook-id</code> is <code>{d.id}</code>):
                </p>
                <pre class="raw" data-raw="payload">
                  <code>{payloadText(d.payload)}</code>
                </pre>
                <Attempts d={d} />
              </details>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
