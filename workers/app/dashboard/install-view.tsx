import type { InstallCheckResult } from "@shared/sessions/install-check-schema";
import type { InstallStatus } from "@shared/sessions/install-status";
import type { Context } from "hono";
import type { AppEnv } from "../app-env";
import { sitePaths } from "./site-context";

export const STATUS_LABEL: Record<InstallStatus, string> = {
  receiving: "Receiving",
  stale: "Stale",
  rejected: "Rejected",
  awaiting_first_event: "Waiting for the first request",
};

/** The install check as the page's script reads it: the API's result plus its label. */
export function installStatusJson(r: InstallCheckResult) {
  return { ...r, status_label: STATUS_LABEL[r.status] };
}

export function StatusWord(props: { status: InstallStatus }) {
  return <span class={`status-word status-${props.status}`}>{STATUS_LABEL[props.status]}</span>;
}

/**
 * The install status block: what the last check said, the refused Origin when there is
 * one, and "Check again". The page's script polls while the merchant deploys.
 */
export function InstallStatusBox(props: { c: Context<AppEnv>; check: InstallCheckResult }) {
  const r = props.check;
  const paths = sitePaths(props.c, r.domain);
  return (
    <section
      class="install"
      aria-labelledby="install-title"
      data-poll-url={paths.status}
      data-status={r.status}
      data-autopoll="1"
    >
      <h2 id="install-title">
        Install status:{" "}
        <span id="install-status-word" class="status-word">
          {STATUS_LABEL[r.status]}
        </span>
      </h2>
      <p id="install-next">{r.next_action}</p>
      <div id="install-rejected" hidden={r.status !== "rejected"}>
        <p>
          The last request with this site's token came from Origin{" "}
          <code id="reject-origin">{r.last_reject_origin ?? "(no Origin header)"}</code>, not from{" "}
          <code>https://{r.domain}</code> or <code>https://www.{r.domain}</code>, so it was refused (
          <span id="reject-reason">{r.last_reject_reason ?? ""}</span>).
        </p>
        <p>
          <strong>What to do:</strong> if that Origin is where your shop really runs, register it as a site of its own
          and use that site's snippet there. If it is a staging or preview host, ignore it or register it too. If you do
          not know the Origin, someone copied the snippet: nothing is counted from it.
        </p>
      </div>
      <p id="install-live" role="status" aria-live="polite" class="hint" />
      <p>
        <a id="check-again" href={paths.install}>
          Check again
        </a>
      </p>
      <p class="hint">
        The status proves that the snippet's requests reach the service, not that the browser ran it or that you own the
        domain.
      </p>
    </section>
  );
}
