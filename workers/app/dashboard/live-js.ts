// The live view's script (served as /app/assets/live.js; the CSP allows only the app's
// own scripts). It asks the page's JSON twin again every LIVE_POLL_MS while the tab is
// visible, stops while it is hidden, and rewrites the numbers and lists in place with
// textContent only (nothing from a report becomes markup). A change of the session
// counts is announced once through the page's polite status region.
export const LIVE_JS = `
(function () {
  var head = document.getElementById("live-head");
  if (!head) return;
  var url = head.getAttribute("data-live-url");
  var every = Number(head.getAttribute("data-poll-ms")) || 10000;
  var mode = document.getElementById("live-mode");
  var announce = document.getElementById("live-announce");
  var timer = null;
  var last = null;

  function countsText(all, agents) { return all + " sessions, " + agents + " from AI agents, in the last 30 minutes."; }
  function metric(name) { var el = document.querySelector('[data-metric="' + name + '"]'); return el ? el.textContent : ""; }

  function timeText(iso) { return iso.slice(0, 10) + " " + iso.slice(11, 19) + " UTC"; }

  function setText(sel, value) {
    var el = document.querySelector(sel);
    if (el) el.textContent = String(value);
  }

  function fillList(id, rows) {
    var list = document.getElementById(id);
    if (!list) return;
    list.textContent = "";
    if (rows.length === 0) {
      var none = document.createElement("li");
      none.className = "hint";
      none.textContent = list.getAttribute("data-empty");
      list.appendChild(none);
      return;
    }
    rows.forEach(function (r) {
      var li = document.createElement("li");
      li.setAttribute("data-key", r.key);
      li.appendChild(document.createTextNode(r.name + ": "));
      var n = document.createElement("strong");
      n.textContent = String(r.n);
      li.appendChild(n);
      list.appendChild(li);
    });
  }

  function show(s) {
    setText('[data-metric="live_all_sessions"]', s.all_sessions);
    setText('[data-metric="live_agent_sessions"]', s.agent_sessions);
    setText('[data-metric="live_human_visits"]', s.human_visits);
    fillList("live-platforms", s.by_platform.map(function (p) { return { key: p.platform, name: p.name, n: p.sessions }; }));
    fillList("live-purposes", s.by_purpose.map(function (p) { return { key: p.purpose, name: p.name, n: p.sessions }; }));
    fillList("live-sources", s.human_by_source.map(function (p) { return { key: p.source, name: p.name, n: p.sessions }; }));
    fillList("live-pages", s.top_pages.map(function (p) { return { key: p.entry_url, name: p.entry_url, n: p.sessions }; }));
    var updated = document.getElementById("live-updated");
    if (updated) {
      updated.textContent = "";
      var t = document.createElement("time");
      t.setAttribute("datetime", s.to);
      t.textContent = s.to_text || timeText(s.to);
      updated.appendChild(t);
    }
    var counts = countsText(s.all_sessions, s.agent_sessions);
    if (last !== null && counts !== last && announce) announce.textContent = counts;
    last = counts;
  }

  function tick() {
    timer = null;
    fetch(url, { headers: { accept: "application/json" }, credentials: "same-origin" })
      .then(function (res) { if (!res.ok) throw new Error("HTTP " + res.status); return res.json(); })
      .then(function (s) {
        show(s);
        if (mode) mode.textContent = "Updates every " + Math.round(every / 1000) + " seconds while this tab is open.";
        schedule();
      })
      .catch(function (err) {
        if (mode) mode.textContent = "The update failed (" + err.message + "). Reload the page to try again.";
      });
  }

  function schedule() {
    if (!document.hidden && timer === null) timer = setTimeout(tick, every);
  }

  document.addEventListener("visibilitychange", function () {
    if (document.hidden) { if (timer !== null) { clearTimeout(timer); timer = null; } }
    else if (timer === null) tick();
  });
  if (mode) mode.textContent = "Updates every " + Math.round(every / 1000) + " seconds while this tab is open.";
  // What the page showed at load, so the first change is announced.
  last = countsText(metric("live_all_sessions"), metric("live_agent_sessions"));
  schedule();
})();
`;
