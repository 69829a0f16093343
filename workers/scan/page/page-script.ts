import { hostFromInput } from "@shared/domains/host-from-input";

// Browser script of the scan pages: reads the domain (a pasted URL keeps only its host),
// POSTs it, shows the SSE progress, and opens the stored report (/scan/{id}) when the
// scan completes. A refusal (400, 429) is shown above whatever the page already shows:
// on 429 the previous result stays and the page says when the next scan is allowed.
// Text goes in with textContent only, so nothing from a scanned site becomes markup.
// The progress bar follows the status events' step / steps (docs/scan.md "Stream consumers")
// and the crawl events' count; it is a labelled <progress>, announced through the notice.
// A form marked data-rescan (the report's "Scan again", the replay notice's "Scan now")
// asks for a new scan ({rescan: true}); a replayed result opens its report with ?replay=
// so the page says it is one (issue 45). The failure event is scan-error; POST streams
// also carry the contract's error just before it, which is left unread here.
export const PAGE_SCRIPT = `
// "Copy" beside the badge's HTML (hidden without this script): first, on its own, so it
// works on every page whatever the scan form does.
document.querySelectorAll("button[data-copy]").forEach(function (button) {
  const target = document.getElementById(button.getAttribute("data-copy"));
  const status = document.getElementById(button.getAttribute("data-copy") + "-status");
  if (!target || !navigator.clipboard) return;
  button.hidden = false;
  button.addEventListener("click", function () {
    navigator.clipboard.writeText(target.textContent.trim()).then(
      function () { if (status) status.textContent = "Copied."; },
      function () { if (status) status.textContent = "Copy failed: select the text and copy it."; }
    );
  });
});
const hostFromInput = (${hostFromInput.toString()});
const form = document.getElementById("scan-form");
const input = document.getElementById("domain");
const notice = document.getElementById("scan-notice");
const button = form.querySelector("button");
const progressBox = document.getElementById("scan-progress-box");
const progress = document.getElementById("scan-progress");
const stepLabel = document.getElementById("scan-step");
let fetched = 0;

function showStep(step, steps, phase) {
  progressBox.hidden = false;
  progress.max = steps;
  progress.value = step;
  stepLabel.textContent = "Step " + step + " of " + steps + " (" + phase + ")" + (fetched ? ", " + fetched + " requests so far" : "");
}

function say(text, isError) {
  notice.textContent = text;
  notice.className = "notice" + (isError ? " error" : "");
  notice.hidden = !text;
}

function nextScanText(res) {
  const retry = Number(res.headers.get("Retry-After"));
  const reset = Number(res.headers.get("X-RateLimit-Reset"));
  const at = retry > 0 ? new Date(Date.now() + retry * 1000) : reset > 0 ? new Date(reset * 1000) : null;
  if (!at) return "";
  const minutes = Math.max(1, Math.ceil((at.getTime() - Date.now()) / 60000));
  // The one time format of every page (shared/display/time-text.ts), in UTC on this public page.
  const iso = at.toISOString();
  return " The next scan is allowed at " + iso.slice(0, 10) + " " + iso.slice(11, 16) + " UTC" +
    " (in " + minutes + " minute" + (minutes === 1 ? "" : "s") + ").";
}

input.addEventListener("change", () => { input.value = hostFromInput(input.value); });

async function scan(domain, rescan) {
  button.disabled = true;
  fetched = 0;
  say("Starting the scan of " + domain + "…", false);
  try {
    const res = await fetch("/api/scan", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(rescan ? { domain, rescan: true } : { domain }),
    });
    if (!res.ok || !res.body) {
      const body = await res.json().catch(() => ({ error: "The scan could not start." }));
      const keep = document.getElementById("report") ? " The result below is the last one." : "";
      say(body.error + (res.status === 429 ? nextScanText(res) + keep : ""), true);
      notice.dataset.status = String(res.status);
      return;
    }
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += value;
      let cut;
      while ((cut = buffer.indexOf("\\n\\n")) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const event = (block.match(/^event: ?(.*)$/m) || [])[1] || "message";
        const data = block.split("\\n").filter((l) => l.startsWith("data:")).map((l) => l.slice(5).trimStart()).join("\\n");
        if (!data) continue;
        const d = JSON.parse(data);
        if (event === "status") { say(d.message + "…", false); if (d.step && d.steps) showStep(d.step, d.steps, d.phase); }
        if (event === "crawl") { fetched++; say("Fetched " + d.url + " (" + (d.status || "no answer") + ", " + d.ms + " ms)", false); }
        if (event === "layer") say("Scored " + d.name + ": " + d.score + "/100", false);
        if (event === "complete") {
          progress.value = progress.max;
          const replay = d.replayed && d.runId ? "?replay=" + encodeURIComponent(d.runId) : "";
          say((d.replayed ? "Replayed the last scan: " : "Done: ") + d.overallScore + "/100. Opening the report…", false);
          location.assign("/scan/" + d.id + replay);
        }
        if (event === "scan-error") say(d.error, true);
      }
    }
  } catch (err) {
    say("The connection to the scanner was lost. Try again.", true);
  } finally {
    button.disabled = false;
  }
}

form.addEventListener("submit", (e) => {
  e.preventDefault();
  const domain = hostFromInput(input.value);
  input.value = domain;
  scan(domain, form.hasAttribute("data-rescan"));
});
const rescanForm = document.getElementById("rescan-form");
if (rescanForm) rescanForm.addEventListener("submit", (e) => {
  e.preventDefault();
  scan(rescanForm.elements.domain.value, true);
});
`;
