import { CHART_JS } from "./chart-js";
import { INSTALL_POLL_FINAL, installPollDelaysS } from "./install-poll";

// The dashboard's script (served as /app/assets/dashboard.js; the CSP allows no inline
// code). Two progressive enhancements, both readable without it:
// 1. Install status: polls the page's JSON twin on the contract's schedule and rewrites
//    the status block; after polling stops, "Check again" starts another round.
// 2. Charts: draws each [data-chart] with uPlot, stacked, with colour, dash and marker
//    per series (chart-js.ts); the same numbers are in the table beside it.
export const DASHBOARD_JS = `
(function () {
  var DELAYS = ${JSON.stringify(installPollDelaysS())};
  var FINAL = ${JSON.stringify(INSTALL_POLL_FINAL)};

  function text(el, value) { if (el) el.textContent = value == null ? "" : String(value); }

  function startPolling(box) {
    var url = box.getAttribute("data-poll-url");
    var again = document.getElementById("check-again");
    var step = 0;
    var live = document.getElementById("install-live");
    if (again) again.hidden = true;
    text(live, "Checking for the snippet's first request…");
    function show(r) {
      box.setAttribute("data-status", r.status);
      text(document.getElementById("install-status-word"), r.status_label);
      text(document.getElementById("install-next"), r.next_action);
      var rej = document.getElementById("install-rejected");
      if (rej) {
        rej.hidden = r.status !== "rejected";
        text(document.getElementById("reject-origin"), r.last_reject_origin || "(no Origin header)");
        text(document.getElementById("reject-reason"), r.last_reject_reason || "");
      }
    }
    function stop(message) {
      text(live, message);
      if (again) again.hidden = false;
    }
    function tick() {
      fetch(url, { headers: { accept: "application/json" }, credentials: "same-origin" })
        .then(function (res) { if (!res.ok) throw new Error("HTTP " + res.status); return res.json(); })
        .then(function (r) {
          show(r);
          if (FINAL.indexOf(r.status) >= 0) return stop("Status: " + r.status_label + ".");
          schedule();
        })
        .catch(function () { stop("The status could not be read. Check again in a moment."); });
    }
    function schedule() {
      if (step >= DELAYS.length) return stop("Still no request after two minutes. Check the snippet is on the live site, then check again.");
      setTimeout(tick, DELAYS[step++] * 1000);
    }
    schedule();
  }

${CHART_JS}
  document.addEventListener("DOMContentLoaded", function () {
    var box = document.querySelector("[data-poll-url]");
    if (box) {
      if (box.getAttribute("data-autopoll") === "1" && FINAL.indexOf(box.getAttribute("data-status")) < 0) startPolling(box);
      var again = document.getElementById("check-again");
      if (again) again.addEventListener("click", function (e) { e.preventDefault(); startPolling(box); });
    }
    drawCharts();
  });
})();
`;
