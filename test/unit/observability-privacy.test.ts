import { describe, expect, it } from "vitest";
import app from "../../workers/app/wrangler.toml?raw";
import ingest from "../../workers/ingest/wrangler.toml?raw";
import scan from "../../workers/scan/wrangler.toml?raw";
import v1 from "../../workers/v1/wrangler.toml?raw";
import edge from "../../wrangler.toml?raw";

// docs/privacy.md "Logs" (issue 25 #6): the platform's own invocation log and traces
// record each request's full URL and headers; every Worker turns them off and keeps only
// its own JSON lines, with query strings redacted from whatever the platform records.
const configs = { edge, scan, ingest, v1, app };

/** The keys of one `[section]` of a wrangler.toml, as written (flat: no nested tables). */
function section(toml: string, name: string): Record<string, string> {
  const start = toml.indexOf(`\n[${name}]\n`);
  if (start < 0) return {};
  const body = toml.slice(start + name.length + 4).split(/\n\[/)[0];
  const keys: Record<string, string> = {};
  for (const line of body.split("\n")) {
    const match = /^([a-z_]+)\s*=\s*(.+)$/.exec(line.trim());
    if (match) keys[match[1]] = match[2];
  }
  return keys;
}

describe("observability keeps no raw URL, User-Agent or address", () => {
  for (const [worker, toml] of Object.entries(configs)) {
    it(`${worker}: no invocation log, no traces, query strings redacted`, () => {
      expect(section(toml, "observability")).toMatchObject({ enabled: "true", redact_query_string: "true" });
      expect(section(toml, "observability.logs")).toMatchObject({ invocation_logs: "false" });
      expect(section(toml, "observability.traces")).toMatchObject({ enabled: "false" });
    });
  }
});
