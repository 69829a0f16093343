import { describe, expect, it } from "vitest";
import { responseExcerpt } from "../../shared/webhooks/send-webhook";

describe("the kept start of a webhook receiver's answer", () => {
  it("keeps text, tabs and line ends, and drops control characters that could move a cursor or hide text", () => {
    expect(responseExcerpt('  {"ok":true}\n')).toBe('{"ok":true}');
    expect(responseExcerpt("a\tb\nc")).toBe("a\tb\nc");
    // ESC [2J (clear screen), a bell, a backspace, DEL and a C1 CSI are removed; the rest stays.
    expect(responseExcerpt("\u001b[2Jok\u0007\b\u007f\u009b done")).toBe("[2Jok done");
    expect(responseExcerpt("")).toBe("");
  });
});
