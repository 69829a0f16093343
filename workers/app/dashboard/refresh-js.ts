// The script that keeps a waiting part of a page current (served as
// /app/assets/refresh.js; the CSP allows only the app's own scripts). A part is an
// element with an id and `data-refresh-ms`: while its `data-pending` is "true" (a
// delivery not settled, a monitor's first scan not in), the page's own address is asked
// again every that many milliseconds while the tab is visible, and the part is replaced
// by the same part of the answer, parsed by DOMParser (the server's own escaped markup;
// scripts in parsed documents never run). Open <details> stay open. When a part's
// \`data-summary\` changes, the page's polite status region (#refresh-status) says it. Without the script the page is complete
// and a reload shows the same.
export const REFRESH_JS = `
(function () {
  var parts = Array.prototype.slice.call(document.querySelectorAll("[data-refresh-ms][id]"));
  if (parts.length === 0) return;
  var status = document.getElementById("refresh-status");
  var timer = null;
  var polls = 0;
  var MAX_POLLS = 200;

  function pending() {
    return parts.some(function (p) { return document.getElementById(p.id).getAttribute("data-pending") === "true"; });
  }
  function every() {
    return Math.min.apply(null, parts.map(function (p) { return Number(p.getAttribute("data-refresh-ms")) || 5000; }));
  }
  function openDetails(el) {
    return Array.prototype.slice.call(el.querySelectorAll("details[id][open]")).map(function (d) { return d.id; });
  }

  function tick() {
    timer = null;
    polls++;
    fetch(location.href, { headers: { accept: "text/html" }, credentials: "same-origin" })
      .then(function (res) { if (!res.ok) throw new Error("HTTP " + res.status); return res.text(); })
      .then(function (text) {
        var next = new DOMParser().parseFromString(text, "text/html");
        var said = [];
        parts.forEach(function (p) {
          var now = document.getElementById(p.id);
          var fresh = next.getElementById(p.id);
          if (!now || !fresh) return;
          var summary = fresh.getAttribute("data-summary");
          if (summary && summary !== now.getAttribute("data-summary")) said.push(summary);
          var open = openDetails(now);
          var node = document.importNode(fresh, true);
          open.forEach(function (id) { var d = node.querySelector("#" + CSS.escape(id)); if (d) d.open = true; });
          now.replaceWith(node);
        });
        if (said.length > 0 && status) status.textContent = "Updated: " + said.join(" ");
        schedule();
      })
      .catch(function () {
        if (status) status.textContent = "This page could not update itself; reload it to see the latest.";
      });
  }

  function schedule() {
    if (timer !== null || document.hidden || !pending() || polls >= MAX_POLLS) return;
    timer = setTimeout(tick, every());
  }

  document.addEventListener("visibilitychange", function () {
    if (document.hidden && timer !== null) { clearTimeout(timer); timer = null; }
    else schedule();
  });
  schedule();
})();
`;
