// Browser script of the scan page: POSTs the domain, reads the SSE stream with fetch
// (EventSource cannot POST), renders progress, layer scores and each check. Text goes
// in with textContent only, so nothing from a scanned site becomes markup.
export const PAGE_SCRIPT = `
const form = document.getElementById("scan-form");
const out = document.getElementById("result");
const progress = document.getElementById("progress");
const summary = document.getElementById("summary");
const layers = document.getElementById("layers");

function el(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (cls) e.className = cls;
  return e;
}

function show(event, data) {
  if (event === "status") progress.textContent = data.message + "…";
  if (event === "crawl") progress.textContent = "Fetched " + data.url + " (" + data.status + ", " + data.ms + " ms)";
  if (event === "layer") {
    const section = el("section", undefined, "layer");
    section.dataset.layer = data.name;
    section.append(el("h3", data.name + " — " + data.score + "/100"));
    const list = el("ul");
    for (const c of data.checks) {
      const item = el("li", undefined, "check " + c.status + (c.blocked ? " blocked" : ""));
      item.dataset.key = c.key;
      item.append(el("strong", c.status.toUpperCase() + (c.blocked ? " (access problem)" : "") + " "), el("code", c.key), el("p", c.message));
      if (c.fix) item.append(el("p", "Fix: " + c.fix, "fix"));
      list.append(item);
    }
    section.append(list);
    layers.append(section);
  }
  if (event === "complete") {
    progress.textContent = "";
    summary.textContent = data.domain + ": " + data.overallScore + "/100";
    summary.dataset.score = String(data.overallScore);
    const link = el("a", "Permanent result (JSON)");
    link.href = "/api/scan/" + data.id;
    summary.append(" ", link);
  }
  if (event === "error") {
    progress.textContent = "";
    summary.textContent = data.error;
    summary.className = "error";
  }
}

form.addEventListener("submit", async (e) => {
  e.preventDefault();
  const domain = new FormData(form).get("domain");
  summary.textContent = ""; summary.className = ""; layers.textContent = "";
  progress.textContent = "Starting…";
  out.hidden = false;
  const res = await fetch("/api/scan", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ domain }),
  });
  if (!res.ok || !res.body) {
    const body = await res.json().catch(() => ({ error: "Scan failed" }));
    show("error", body);
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
      if (data) show(event, JSON.parse(data));
    }
  }
});
`;
