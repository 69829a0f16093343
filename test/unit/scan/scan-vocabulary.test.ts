import { describe, expect, it } from "vitest";
import architecture from "../../../docs/architecture.md?raw";
import decisions from "../../../docs/decisions.md?raw";
import performance from "../../../docs/performance.md?raw";
import scanDoc from "../../../docs/scan.md?raw";
import readme from "../../../README.md?raw";
import { SERVICE_SUMMARY } from "../../../shared/discovery/service-links";
import { CHECKS, isCheckKey } from "../../../shared/scan/checks/registry";
import { LAYER_NUMBERS, LAYERS } from "../../../shared/scan/layers";
import { CHECK_COUNT, CHECK_TITLES, checkTitle } from "../../../shared/scan/report/check-titles";
import { LayerScores, ScanResult } from "../../../shared/scan/scan-result";

// The scan vocabulary is declared once (registry, layers table, zod schemas); everything
// that restates it is derived, and these tests catch what is still written by hand.

describe("the check vocabulary", () => {
  it("titles exactly the registry's checks, so the count read from the titles is the registry's", () => {
    expect(Object.keys(CHECK_TITLES).sort()).toEqual(CHECKS.map((c) => c.key).sort());
    expect(CHECK_COUNT).toBe(CHECKS.length);
  });

  it("knows current keys and reads a retired key (an older stored scan) as words", () => {
    expect(isCheckKey("llms_txt")).toBe(true);
    expect(isCheckKey("cart_url")).toBe(false);
    expect(isCheckKey("constructor")).toBe(false);
    expect(checkTitle("cart_url")).toBe("Cart url");
    expect(checkTitle("toString")).toBe("ToString");
  });

  it("puts every check in a layer of the layers table", () => {
    for (const c of CHECKS) expect(LAYER_NUMBERS, c.key).toContain(c.layer);
  });

  it("states the registry's count wherever the docs and the service summary count the checks", () => {
    const texts = { architecture, decisions, performance, scanDoc, readme, SERVICE_SUMMARY };
    for (const [name, text] of Object.entries(texts)) {
      for (const m of text.matchAll(/\b(\d+) (?:deterministic )?checks\b/g))
        expect(Number(m[1]), name).toBe(CHECKS.length);
    }
    expect(SERVICE_SUMMARY).toContain(`${CHECKS.length} checks`);
  });
});

describe("the layers table", () => {
  it("is the Scan API's LayerScores: one property per layer, in order, described by its question", () => {
    expect(Object.keys(LayerScores.shape)).toEqual(LAYERS.map((l) => l.name));
    expect(LayerScores.shape.interaction.description).toBe(
      "Layer 3: Can browser agents find a product and add it to a cart?",
    );
  });

  it("gives the overall weights of scan-checks.md, 100 in all", () => {
    expect(LAYERS.map((l) => l.weight)).toEqual([25, 15, 25, 20, 15]);
  });

  it("is the only layer numbers a ScanResult accepts", () => {
    const check = { key: "llms_txt", status: "pass", message: "ok", fix: null, evidence: null };
    const scan = (layer: number) => ScanResult.shape.checkResults.safeParse([{ ...check, layer }]).success;
    expect(scan(5)).toBe(true);
    expect(scan(6)).toBe(false);
  });
});
