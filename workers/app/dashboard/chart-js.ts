// The charts' part of the dashboard script (inside DASHBOARD_JS's function scope). It
// draws each [data-chart] with uPlot from the JSON block the element names.
//
// Readable without colour and without overlap (issue 29):
// - Series are STACKED: each platform or source is a band on top of the previous one,
//   so two lines with equal counts can no longer hide each other; the band's top edge
//   is the running total and the hover legend shows each series' own count.
// - Every series has its colour, a dash pattern on its edge and a marker shape, and the
//   legend (the page's own, SeriesChart) names the shape ("▲ Claude"), shows each series'
//   latest count or the hovered bucket's, and shows or hides the series: a hidden band
//   is taken out of the stack. Colours come from CSS variables
//   (--series-0 … --series-7 in assets/design-tokens.ts), one palette for light and one for
//   dark, each at least 3:1 against its background (WCAG 2.2, 1.4.11).
// - The same numbers are in the table beside the chart (SeriesChart), which assistive
//   technology reads instead of the canvas.
// Bucket starts are instants, labelled in the workspace's zone (data.zone, UTC by
// default; docs/app.md "Time zone") by hour or day as the report's series says
// (docs/decisions.md#12-report-time-series).
export const CHART_JS = `
  var SERIES_COLOURS = 8;
  var DASHES = [[], [8, 4], [2, 3], [12, 3, 2, 3], [4, 4], [1, 4], [10, 2], [6, 2, 2, 2]];
  var SHAPES = ["circle", "square", "triangle", "diamond", "cross", "down", "circle-open", "square-open"];

  function cssVar(name, fallback) {
    var v = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
    return v || fallback;
  }

  function withAlpha(colour, alpha) {
    // "#rrggbb" -> rgba(); anything else is used as it is.
    var m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour);
    if (!m) return colour;
    return "rgba(" + parseInt(m[1], 16) + "," + parseInt(m[2], 16) + "," + parseInt(m[3], 16) + "," + alpha + ")";
  }

  function drawShape(ctx, shape, x, y, r, colour, background) {
    ctx.beginPath();
    var open = shape === "circle-open" || shape === "square-open";
    if (shape === "circle" || shape === "circle-open") ctx.arc(x, y, r, 0, 2 * Math.PI);
    else if (shape === "square" || shape === "square-open") ctx.rect(x - r, y - r, 2 * r, 2 * r);
    else if (shape === "triangle") { ctx.moveTo(x, y - r * 1.2); ctx.lineTo(x + r * 1.1, y + r); ctx.lineTo(x - r * 1.1, y + r); ctx.closePath(); }
    else if (shape === "down") { ctx.moveTo(x, y + r * 1.2); ctx.lineTo(x + r * 1.1, y - r); ctx.lineTo(x - r * 1.1, y - r); ctx.closePath(); }
    else if (shape === "diamond") { ctx.moveTo(x, y - r * 1.3); ctx.lineTo(x + r * 1.3, y); ctx.lineTo(x, y + r * 1.3); ctx.lineTo(x - r * 1.3, y); ctx.closePath(); }
    else { ctx.rect(x - r * 1.2, y - r * 0.4, r * 2.4, r * 0.8); ctx.rect(x - r * 0.4, y - r * 1.2, r * 0.8, r * 2.4); }
    ctx.fillStyle = open ? background : colour;
    ctx.fill();
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = colour;
    ctx.stroke();
  }

  function drawChart(el) {
    if (typeof uPlot === "undefined") return;
    var id = el.getAttribute("data-chart");
    var source = document.getElementById(id);
    if (!source) return;
    var data = JSON.parse(source.textContent);
    if (!data.x.length) return;
    var width = Math.max(200, el.clientWidth);
    var hourly = data.interval === "hour";
    var fg = cssVar("--fg", "#1b1b1b");
    var bg = cssVar("--surface", "#ffffff");
    var grid = cssVar("--chart-grid", "#d0d0d0");
    function colour(i) { return cssVar("--series-" + (i % SERIES_COLOURS), "#0b57d0"); }
    var zone = data.zone || "UTC";
    var wall = new Intl.DateTimeFormat("en-US", { timeZone: zone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" });
    function local(v) {
      var p = {};
      wall.formatToParts(new Date(v * 1000)).forEach(function (part) { p[part.type] = part.value; });
      return { day: p.year + "-" + p.month + "-" + p.day, time: p.hour + ":" + p.minute };
    }
    function label(v) {
      var t = local(v);
      return hourly ? t.day + " " + t.time + (zone === "UTC" ? " UTC" : "") : t.day;
    }
    function tick(v) {
      var t = local(v);
      return hourly ? t.time : t.day.slice(5);
    }
    // The API's own counts; overlays (the previous period) come last and are drawn as
    // they are, never stacked on the bands.
    var raw = data.series.map(function (s) { return s.values; });
    var bandCount = data.series.filter(function (s) { return !s.overlay; }).length;
    var shown = data.series.map(function () { return true; });
    // Running totals of the shown bands: a hidden band adds nothing, so the bands above
    // it come down instead of floating over a gap.
    function stack() {
      var out = [];
      var running = data.x.map(function () { return 0; });
      raw.slice(0, bandCount).forEach(function (values, i) {
        if (shown[i]) running = running.map(function (sum, j) { return sum + (values[j] || 0); });
        out.push(running.slice());
      });
      return out;
    }
    var stacked = stack();
    var series = [{ label: (hourly ? "Hour (" : "Day (") + zone + ")" }];
    var bands = [];
    data.series.forEach(function (s, i) {
      if (s.overlay) {
        series.push({ label: s.label, stroke: fg, dash: [3, 3], width: 1.5, points: { show: false } });
        return;
      }
      var c = colour(i);
      series.push({ label: s.label, stroke: c, fill: withAlpha(c, 0.18), dash: DASHES[i % DASHES.length], width: 2, points: { show: false } });
      // Fill between this band's top and the one below it (the first fills to zero).
      if (i > 0) bands.push({ series: [i + 1, i], fill: withAlpha(c, 0.18) });
    });
    // The legend is the page's own (SeriesChart renders it): each button shows or hides its
    // series and shows its count at the hovered bucket, else at the latest one.
    var legend = document.querySelector('[data-legend="' + id + '"]');
    var at = legend && legend.querySelector("[data-legend-at]");
    var items = legend ? legend.querySelectorAll("[data-series]") : [];
    var last = data.x.length - 1;
    function showValues(j) {
      var hovered = j != null;
      var k = hovered ? j : last;
      if (at) at.textContent = (hovered ? "At " : "Latest: ") + label(data.x[k]);
      items.forEach(function (item) {
        var v = item.querySelector("[data-value]");
        if (v) v.textContent = String(raw[Number(item.getAttribute("data-series"))][k]);
      });
    }
    var ticks = { stroke: grid };
    el.textContent = "";
    var chart = new uPlot({
      width: width,
      height: 260,
      series: series,
      bands: bands,
      legend: { show: false },
      axes: [
        {
          stroke: fg, grid: { stroke: grid }, ticks: ticks,
          incrs: hourly ? [3600, 2 * 3600, 3 * 3600, 6 * 3600, 12 * 3600] : [86400, 7 * 86400, 30 * 86400],
          values: function (u, vals) { return vals.map(tick); },
        },
        { stroke: fg, grid: { stroke: grid }, ticks: ticks, label: data.unit || "", incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 5000, 10000] },
      ],
      scales: { x: { time: true } },
      hooks: {
        setCursor: [function (u) { showValues(u.cursor.idx); }],
        // Markers in each series' shape on its band's top edge, where there is room.
        draw: [function (u) {
          if (u.bbox.width / data.x.length < 6 * devicePixelRatio) return;
          var ctx = u.ctx;
          ctx.save();
          stacked.forEach(function (values, i) {
            if (!shown[i]) return;
            values.forEach(function (v, j) {
              if (!raw[i][j]) return;
              var x = u.valToPos(data.x[j], "x", true);
              var y = u.valToPos(v, "y", true);
              drawShape(ctx, SHAPES[i % SHAPES.length], x, y, 3.5 * devicePixelRatio, colour(i), bg);
            });
          });
          ctx.restore();
        }],
      },
    }, [data.x].concat(stacked, raw.slice(bandCount)), el);
    if (legend) {
      legend.hidden = false;
      showValues(null);
      items.forEach(function (item) {
        item.addEventListener("click", function () {
          var i = Number(item.getAttribute("data-series"));
          shown[i] = !shown[i];
          item.setAttribute("aria-pressed", String(shown[i]));
          chart.setSeries(i + 1, { show: shown[i] });
          stacked = stack();
          chart.setData([data.x].concat(stacked, raw.slice(bandCount)));
        });
      });
    }
    // For the browser test: the plotted running totals (uplot.data) and the API's own counts.
    el.uplot = chart;
    el.chartValues = raw;
    function fit() { chart.setSize({ width: Math.max(200, el.clientWidth), height: 260 }); }
    window.addEventListener("resize", fit);
    el.redraw = function () {
      window.removeEventListener("resize", fit);
      chart.destroy();
      // A fresh legend: the redraw wires its buttons again.
      if (legend) legend.querySelectorAll("[data-series]").forEach(function (item) {
        var fresh = item.cloneNode(true);
        fresh.setAttribute("aria-pressed", "true");
        item.replaceWith(fresh);
      });
      drawChart(el);
    };
  }

  function drawCharts() {
    document.querySelectorAll("[data-chart]").forEach(drawChart);
    // A switch between light and dark redraws with the other palette.
    if (window.matchMedia) {
      window.matchMedia("(prefers-color-scheme: dark)").addEventListener("change", function () {
        document.querySelectorAll("[data-chart]").forEach(function (el) { if (el.redraw) el.redraw(); });
      });
    }
  }
`;
