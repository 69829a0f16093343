import { describe, expect, it } from "vitest";
import { parseResolveMap } from "../../shared/outbound/resolve-map";
import { checkWebhookUrl } from "../../shared/webhooks/webhook-url";

const none = parseResolveMap("");
const mapped = parseResolveMap("hooks.test=127.0.0.1:9002");

describe("webhook_url check", () => {
  it("accepts a public https URL and drops its fragment", () => {
    expect(checkWebhookUrl("https://Hooks.Example.com/a?b=1#frag", none)).toEqual({
      ok: true,
      url: "https://hooks.example.com/a?b=1",
    });
  });

  it("refuses plain http for a public host but accepts it for a host mapped by OUTBOUND_RESOLVE", () => {
    expect(checkWebhookUrl("http://hooks.example.com/a", none)).toEqual({
      ok: false,
      message: "The webhook URL cannot be used: only https addresses can be used.",
    });
    expect(checkWebhookUrl("http://hooks.test/a", mapped)).toEqual({ ok: true, url: "http://hooks.test/a" });
    expect(checkWebhookUrl("https://hooks.test/a", mapped)).toEqual({ ok: true, url: "https://hooks.test/a" });
    // Unmapped, .test is no public suffix: refused by the one outbound guard, like a dotless name.
    expect(checkWebhookUrl("https://hooks.test/a", none)).toEqual({
      ok: false,
      message: "The webhook URL cannot be used: its host is local or internal, not a public host on the internet.",
    });
    expect(checkWebhookUrl("https://hooks/a", none)).toMatchObject({ ok: false });
  });

  it("names the guard's reason in words for private and link-local targets and other ports", () => {
    expect(checkWebhookUrl("https://169.254.169.254/", none)).toEqual({
      ok: false,
      message: "The webhook URL cannot be used: it names an IP address: give the host's name instead.",
    });
    expect(checkWebhookUrl("https://hooks.example.com:8443/a", none)).toEqual({
      ok: false,
      message:
        "The webhook URL cannot be used: only the standard port can be used: remove the :port after the host name.",
    });
    expect(checkWebhookUrl("https://[fe80::1]/", none)).toMatchObject({ ok: false });
    expect(checkWebhookUrl("https://db.internal/", none)).toMatchObject({ ok: false });
  });

  it("refuses a URL over 2,048 characters", () => {
    const long = `https://hooks.example.com/${"a".repeat(2048)}`;
    expect(checkWebhookUrl(long, none)).toEqual({
      ok: false,
      message: "The webhook URL is longer than 2048 characters.",
    });
  });
});
