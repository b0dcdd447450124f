import { UrlPolicyError } from "./errors.js";
import { checkUrl, normalizeUrl } from "./url.js";

function refusal(raw: string, testMode = false): string {
  try {
    checkUrl(raw, { testMode });
  } catch (err) {
    if (err instanceof UrlPolicyError) return err.code;
    throw err;
  }
  return "allowed";
}

describe("checkUrl: bypass attempts", () => {
  // Every form must be refused in production and in test mode alike (test mode allows loopback only).
  const privateForms: [string, string][] = [
    ["http://10.0.0.1/", "private"],
    ["http://172.16.0.1/", "private"],
    ["http://192.168.1.1/", "private"],
    ["http://167772161/", "decimal 10.0.0.1"],
    ["http://012.0.0.1/", "octal 10.0.0.1"],
    ["http://0xa.0.0.1/", "hex octet 10.0.0.1"],
    ["http://0xa000001/", "hex 10.0.0.1"],
    ["http://10.1/", "short form 10.0.0.1"],
    ["http://169.254.169.254/latest/meta-data/", "AWS metadata"],
    ["http://2852039166/", "decimal metadata"],
    ["http://0xa9fea9fe/", "hex metadata"],
    ["http://0251.0376.0251.0376/", "octal metadata"],
    ["http://100.100.100.200/", "Alibaba metadata (CGNAT)"],
    ["http://100.64.0.1/", "CGNAT"],
    ["http://168.63.129.16/", "Azure wire server"],
    ["http://192.0.0.192/", "Oracle metadata (reserved)"],
    ["http://0.0.0.0/", "unspecified"],
    ["http://224.0.0.1/", "multicast"],
    ["http://255.255.255.255/", "broadcast"],
    ["http://[::]/", "IPv6 unspecified"],
    ["http://[fe80::1]/", "IPv6 link-local"],
    ["http://[fc00::1]/", "IPv6 unique-local"],
    ["http://[fd00:ec2::254]/", "AWS IPv6 metadata"],
    ["http://[ff02::1]/", "IPv6 multicast"],
    ["http://[::ffff:10.0.0.1]/", "IPv4-mapped private"],
    ["http://[::ffff:a9fe:a9fe]/", "IPv4-mapped metadata (hex)"],
    ["http://[0:0:0:0:0:ffff:192.168.0.1]/", "IPv4-mapped private (long form)"],
    ["http://[::10.0.0.1]/", "IPv4-compatible private"],
    ["http://[64:ff9b::a00:1]/", "NAT64 of 10.0.0.1"],
    ["http://[2002:a00:1::]/", "6to4 of 10.0.0.1"],
    ["http://[2001::1]/", "Teredo"],
    ["http://[2001:db8::1]/", "IPv6 documentation"],
  ];
  it.each(privateForms)("refuses %s (%s)", (raw) => {
    expect(refusal(raw)).toBe("non_public_address");
    expect(refusal(raw, true)).toBe("non_public_address");
  });

  const loopbackForms = [
    "http://127.0.0.1/",
    "http://127.1/",
    "http://2130706433/",
    "http://017700000001/",
    "http://0x7f000001/",
    "http://0x7f.0.0.1/",
    "http://[::1]/",
    "http://[0:0:0:0:0:0:0:1]/",
    "http://[::ffff:127.0.0.1]/",
    "http://[::ffff:7f00:1]/",
  ];
  it.each(loopbackForms)("refuses loopback %s unless in test mode", (raw) => {
    expect(refusal(raw)).toBe("non_public_address");
    expect(refusal(raw, true)).toBe("allowed");
  });

  it("refuses IPv4-compatible loopback even in test mode", () => {
    expect(refusal("http://[::127.0.0.1]/", true)).toBe("non_public_address");
  });

  it.each([
    ["http://localhost/", "blocked_host"],
    ["http://app.localhost/", "blocked_host"],
    ["http://metadata.google.internal/", "blocked_host"],
    ["http://metadata/", "blocked_host"],
    ["https://intranet/", "blocked_host"],
    ["https://user:secret@mcp.example.com/", "credentials"],
    ["https://user@mcp.example.com/", "credentials"],
    ["ftp://mcp.example.com/", "scheme"],
    ["file:///etc/passwd", "scheme"],
    ["javascript:alert(1)", "scheme"],
    ["gopher://mcp.example.com/", "scheme"],
    ["not a url", "malformed"],
    ["http://[fe80::1%25eth0]/", "malformed"],
    [`https://mcp.example.com/${"a".repeat(2100)}`, "malformed"],
  ])("refuses %s with %s", (raw, code) => {
    expect(refusal(raw)).toBe(code);
  });

  it.each([
    ["https://mcp.example.com/mcp\u0000", "U+0000 at the end"],
    ["https://mcp.example.com/m\u0000cp", "U+0000 in the path"],
    ["\u0000https://mcp.example.com/mcp", "U+0000 first"],
    ["https://mcp.exa\u0000mple.com/mcp", "U+0000 in the host"],
    ["https://mcp.example.com/m\tcp", "a tab inside"],
    ["https://mcp.example.com/m\ncp", "a line feed inside"],
    ["https://mcp.example.com/mcp?x=\u001b[31m", "an escape"],
    ["https://mcp.example.com/\u007f", "DEL"],
    ["https://mcp.example.com/\ud800", "a lone high surrogate"],
    ["https://mcp.example.com/\udc00x", "a lone low surrogate"],
  ])("refuses %j (%s) as malformed, naming the character", (raw) => {
    expect(refusal(raw)).toBe("malformed");
    expect(refusal(raw, true)).toBe("malformed");
    expect(() => checkUrl(raw)).toThrow(/control character U\+00[01][0-9A-F]|U\+007F|unpaired surrogate/);
  });

  it("trims white space around the URL and keeps characters outside the BMP", () => {
    expect(refusal(" https://mcp.example.com/mcp\n")).toBe("allowed");
    expect(refusal("\thttps://mcp.example.com/mcp\r\n")).toBe("allowed");
    expect(normalizeUrl("https://mcp.example.com/\u{1F600}")).toBe("https://mcp.example.com/%F0%9F%98%80");
  });

  it("requires https outside test mode", () => {
    expect(refusal("http://mcp.example.com/mcp")).toBe("https_required");
    expect(refusal("http://mcp.example.com/mcp", true)).toBe("allowed");
  });

  it.each(["https://mcp.example.com/mcp", "https://8.8.8.8/mcp", "https://[2606:4700::1111]/mcp"])(
    "allows the public target %s",
    (raw) => {
      expect(refusal(raw)).toBe("allowed");
    },
  );

  it("allows localhost only in test mode", () => {
    expect(refusal("http://localhost:8080/mcp", true)).toBe("allowed");
  });

  it("normalizes scheme, host case, default port and fragment", () => {
    expect(normalizeUrl("HTTPS://MCP.Example.COM:443/Mcp?x=1#frag")).toBe("https://mcp.example.com/Mcp?x=1");
    expect(normalizeUrl("https://bücher.example/mcp")).toBe("https://xn--bcher-kva.example/mcp");
  });

  it("gives a sentence a caller can act on", () => {
    expect(() => checkUrl("http://169.254.169.254/")).toThrow(/link-local address/);
  });
});
