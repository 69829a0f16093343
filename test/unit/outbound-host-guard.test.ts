import { describe, expect, it } from "vitest";
import { guardOutboundUrl, ipv4Category, ipv6Category } from "../../shared/outbound/host-guard";
import { OutboundError } from "../../shared/outbound/outbound-error";
import { parseResolveMap } from "../../shared/outbound/resolve-map";

const none = parseResolveMap("");

function refusal(url: string, resolve = none): string {
  try {
    guardOutboundUrl(url, resolve);
  } catch (err) {
    if (err instanceof OutboundError) return err.code;
    throw err;
  }
  return "allowed";
}

describe("SSRF guard", () => {
  it("allows public http and https hosts on default ports", () => {
    expect(refusal("https://shop.example.com/products/a?x=1")).toBe("allowed");
    expect(refusal("http://shop.example.com/")).toBe("allowed");
    expect(refusal("https://shop.example.com:443/")).toBe("allowed"); // URL drops the default port
  });

  it("refuses other schemes and non-default ports", () => {
    expect(refusal("ftp://shop.example.com/")).toBe("scheme_not_allowed");
    expect(refusal("file:///etc/passwd")).toBe("scheme_not_allowed");
    expect(refusal("https://shop.example.com:8443/")).toBe("port_not_allowed");
    expect(refusal("http://shop.example.com:22/")).toBe("port_not_allowed");
    expect(refusal("not a url")).toBe("invalid_url");
    expect(refusal("https://user:pw@shop.example.com/")).toBe("invalid_url");
  });

  it("refuses every IP literal, including obfuscated IPv4 forms the URL parser normalises", () => {
    for (const url of [
      "http://127.0.0.1/",
      "http://2130706433/",
      "http://0x7f.1/",
      "http://0177.0.0.1/",
      "http://10.1.2.3/",
      "http://169.254.169.254/latest/meta-data/",
      "http://100.64.0.1/",
      "http://192.168.1.1/",
      "http://8.8.8.8/",
      "http://[::1]/",
      "http://[fd00::1]/",
      "http://[fe80::1]/",
      "http://[::ffff:127.0.0.1]/",
    ]) {
      expect(refusal(url), url).toBe("ip_literal");
    }
  });

  it("names the address range in the refusal message", () => {
    expect(() => guardOutboundUrl("http://169.254.169.254/", none)).toThrow(/link-local \/ cloud metadata/);
    expect(ipv4Category("127.9.9.9")).toBe("loopback");
    expect(ipv4Category("172.16.0.1")).toBe("private");
    expect(ipv4Category("172.32.0.1")).toBe("public");
    expect(ipv4Category("100.127.255.255")).toBe("carrier-grade NAT");
    expect(ipv4Category("100.128.0.1")).toBe("public");
    expect(ipv6Category("fc00::1")).toBe("unique-local");
    expect(ipv6Category("fe80::1")).toBe("link-local");
  });

  it("refuses local, internal and metadata names", () => {
    for (const url of [
      "http://localhost/",
      "http://api.localhost/",
      "http://printer.local/",
      "http://metadata.google.internal/computeMetadata/v1/",
      "http://db.internal/",
      "http://router.home.arpa/",
      "http://intranet/",
      "http://localhost./",
    ]) {
      expect(refusal(url), url).toBe("private_host");
    }
  });

  it("refuses names that do not end in a public suffix, unless OUTBOUND_RESOLVE maps them", () => {
    for (const url of [
      "https://shop.test/",
      "https://nas.lan/",
      "https://x.corp/",
      "https://shop.invalidtld/",
      "https://co.uk/",
    ]) {
      expect(refusal(url), url).toBe("private_host");
    }
    expect(() => guardOutboundUrl("https://shop.test/", none)).toThrow(/does not end in a public suffix/);
    for (const url of [
      "https://de.happycoffee.org/",
      "https://shop.co.uk/",
      "https://x.myshopify.com/",
      "https://a.dev/",
    ]) {
      expect(refusal(url), url).toBe("allowed");
    }
    expect(guardOutboundUrl("https://shop.test/", parseResolveMap("shop.test=127.0.0.1:9001")).mapped).toBe(true);
  });

  it("maps an OUTBOUND_RESOLVE host to plain http at its address, keeping the https identity", () => {
    const resolve = parseResolveMap("shop.test=127.0.0.1:9001");
    const target = guardOutboundUrl("https://Shop.Test/products/a?b=1", resolve);
    expect(target.mapped).toBe(true);
    expect(target.fetchUrl).toBe("http://127.0.0.1:9001/products/a?b=1");
    expect(target.url.href).toBe("https://shop.test/products/a?b=1");
    expect(guardOutboundUrl("http://shop.test/x", resolve).url.protocol).toBe("https:");
  });

  it("does not let a mapping open loopback to unmapped names or raw addresses", () => {
    const resolve = parseResolveMap("shop.test=127.0.0.1:9001");
    expect(refusal("http://127.0.0.1:9001/", resolve)).toBe("port_not_allowed");
    expect(refusal("http://127.0.0.1/", resolve)).toBe("ip_literal");
    expect(refusal("http://other.localhost/", resolve)).toBe("private_host");
  });
});
