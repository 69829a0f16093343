import { describe, expect, it } from "vitest";
import { withoutBidiControls } from "../../shared/encoding/display-text";
import { FormClient, uniqueEmail } from "./form-client";

// Issue 25 #12 at the HTML level (layout widths are measured in Chromium:
// test/e2e/app-browser.test.ts): bidi controls never reach a page, a refused custom range
// is the form with its sentence inline, and the platform filter offers choices.

async function ownerWithSite(domain: string) {
  const owner = new FormClient();
  await owner.signUp(uniqueEmail("display-owner"));
  await owner.get("/app/sites");
  const added = await owner.post("/app/sites", { domain, name: "Shop" });
  expect(added.status).toBe(303);
  return owner;
}

describe("user text on pages", () => {
  it("strips bidi embedding, override and isolate controls and keeps everything else", () => {
    expect(withoutBidiControls("abc\u202Egnp.exe")).toBe("abcgnp.exe");
    expect(withoutBidiControls("\u2066x\u2069 \u202Ay\u202C \u200Fשלום")).toBe("x y \u200Fשלום");
  });

  it("a workspace named with an unterminated U+202E cannot reverse any page's text", async () => {
    const owner = new FormClient();
    await owner.signUp(uniqueEmail("bidi"));
    await owner.get("/app/settings/workspace");
    const name = `Shop \u202E${crypto.randomUUID().slice(0, 6)} moc.elpmaxe`;
    expect((await owner.post("/app/settings/workspace/name", { name })).status).toBe(303);
    for (const path of ["/app", "/app/settings", "/app/settings/workspace", "/app/settings/members"]) {
      const page = await owner.get(path);
      expect(page.status).toBe(200);
      expect(page.html).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
      expect(page.html).toContain(name.replace("\u202E", ""));
    }
  });
});

describe("report pages", () => {
  it("a reversed custom range shows the period form with the sentence inline, no raw backticks", async () => {
    const owner = await ownerWithSite("reversed.example");
    for (const page of ["traffic", "sessions"]) {
      const res = await owner.get(`/app/sites/reversed.example/${page}?from=2026-11-20&to=2026-11-10`);
      expect(res.status).toBe(400);
      expect(res.html).toContain("The From day is after the To day");
      expect(res.html).not.toContain("`");
      expect(res.html).toContain(`<form method="get" action="${owner.here(`/app/sites/reversed.example/${page}`)}`);
      expect(res.html).toContain('id="from"');
      expect(res.html).toContain('value="2026-11-20"');
      // The page shows its default period instead, and the select (the dashboard's presets) says so.
      if (page === "sessions") expect(res.html).toContain('<option value="7d" selected="">');
      else expect(res.html).toMatch(/<a href="[^"]*\?period=7d" aria-current="true">Last 7 days<\/a>/);
    }
  });

  it("the sessions platform filter is a choice, and a typed platform matches whatever its case", async () => {
    const owner = await ownerWithSite("platforms.example");
    const res = await owner.get("/app/sites/platforms.example/sessions?agent_platform=ChatGPT");
    expect(res.status).toBe(200);
    expect(res.html).toContain('<select id="f-agent_platform" name="agent_platform">');
    expect(res.html).toContain('<option value="chatgpt" selected="">ChatGPT</option>');
    expect(res.html).not.toContain('name="agent_platform" type="text"');
  });
});
