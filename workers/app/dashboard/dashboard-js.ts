import { INSTALL_POLL_FINAL, installPollDelaysS } from "./install-poll";

// The dashboard's script (served as /app/assets/dashboard.js; the CSP allows no inline
// code). Two progressive enhancements, both readable without it:
// 1. Install status: polls the page's JSON twin on the contract's schedule and rewrites
//    the status block; after polling stops, "Check again" starts another round.
// 2. Charts: draws each [data-chart] with uPlot from the JSON block it names, by UTC
//    hour or day as the report's series says (docs/decisions.md#12-report-time-series). Every
//    series has its own dash pattern and point shape, and the same numbers are in the
//    table beside it, so no chart depends on colour.
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

  var DASHES = [[], [8, 4], [2, 3], [12, 3, 2, 3], [4, 4], [1, 6]];
  var COLOURS = ["#0b57d0", "#b3261e", "#1e6b34", "#7a4a00", "#6a1b9a", "#37474f"];
  var SHAPES = ["circle", "square", "triangle", "diamond", "circle", "square"];

  function drawChart(el) {
    if (typeof uPlot === "undefined") return;
    var source = document.getElementById(el.getAttribute("data-chart"));
    if (!source) return;
    var data = JSON.parse(source.textContent);
    if (!data.x.length) return;
    var width = Math.max(200, el.clientWidth);
    var hourly = data.interval === "hour";
    // Bucket starts are UTC: label them in UTC ("2026-11-22 13:00" or "2026-11-22").
    function label(v) {
      var iso = new Date(v * 1000).toISOString();
      return hourly ? iso.slice(0, 10) + " " + iso.slice(11, 16) : iso.slice(0, 10);
    }
    function tick(v) {
      var iso = new Date(v * 1000).toISOString();
      return hourly ? iso.slice(11, 16) : iso.slice(5, 10);
    }
    var series = [{ label: hourly ? "Hour (UTC)" : "Day (UTC)", value: function (u, v) { return v == null ? "" : label(v); } }];
    data.series.forEach(function (s, i) {
      series.push({
        label: s.label,
        stroke: COLOURS[i % COLOURS.length],
        dash: DASHES[i % DASHES.length],
        width: 2,
        points: { show: true, size: 7, fill: i % 2 ? "#fff" : COLOURS[i % COLOURS.length] },
      });
    });
    el.textContent = "";
    var chart = new uPlot({
      width: width,
      height: 220,
      series: series,
      axes: [
        {
          incrs: hourly ? [3600, 2 * 3600, 3 * 3600, 6 * 3600, 12 * 3600] : [86400, 7 * 86400, 30 * 86400],
          values: function (u, vals) { return vals.map(tick); },
        },
        { label: data.unit || "", incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 5000, 10000] },
      ],
      scales: { x: { time: true } },
      legend: { live: true },
    }, [data.x].concat(data.series.map(function (s) { return s.values; })), el);
    // The plotted points, for the browser test that compares them with the API's numbers.
    el.uplot = chart;
    // Follow the page's width (a phone turned sideways, a resized window).
    window.addEventListener("resize", function () { chart.setSize({ width: Math.max(200, el.clientWidth), height: 220 }); });
  }

  document.addEventListener("DOMContentLoaded", function () {
    var box = document.querySelector("[data-poll-url]");
    if (box) {
      if (box.getAttribute("data-autopoll") === "1" && FINAL.indexOf(box.getAttribute("data-status")) < 0) startPolling(box);
      var again = document.getElementById("check-again");
      if (again) again.addEventListener("click", function (e) { e.preventDefault(); startPolling(box); });
    }
    document.querySelectorAll("[data-chart]").forEach(drawChart);
  });
})();
`;
