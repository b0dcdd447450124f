import ipaddr from "ipaddr.js";

export type AddressVerdict = { allowed: true } | { allowed: false; range: string };

/**
 * Public addresses that still reach a cloud provider's host services (Azure's wire server and
 * instance metadata). Link-local, CGNAT and unique-local metadata endpoints (169.254.169.254,
 * 100.100.100.200, fd00:ec2::254) are already refused by their range.
 */
const METADATA_ADDRESSES = new Set(["168.63.129.16"]);

/** IPv6 global unicast is 2000::/3; everything outside it is reserved, local or special. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR("2000::/3");

/**
 * Whether a literal IP address may be connected to: only public unicast. IPv4-mapped IPv6 is
 * judged as the IPv4 address it carries; IPv4-compatible (::a.b.c.d), NAT64, 6to4 and Teredo
 * forms are refused outright because they can tunnel to an address we would refuse.
 * `allowLoopback` exists for tests only.
 */
export function classifyAddress(address: string, options: { allowLoopback?: boolean } = {}): AddressVerdict {
  if (!ipaddr.isValid(address)) return { allowed: false, range: "invalid" };
  const parsed = ipaddr.process(address);
  const range = parsed.range();
  if (range === "loopback" && options.allowLoopback) return { allowed: true };
  if (range !== "unicast") return { allowed: false, range };
  if (parsed.kind() === "ipv4") {
    return METADATA_ADDRESSES.has(parsed.toString())
      ? { allowed: false, range: "metadata" }
      : { allowed: true };
  }
  const v6 = parsed as ipaddr.IPv6;
  if (!v6.match(GLOBAL_UNICAST_V6)) return { allowed: false, range: "reserved" };
  return { allowed: true };
}

/** The bare address of a URL host when it is an IP literal (`[::1]` -> `::1`), else undefined. */
export function ipLiteral(hostname: string): string | undefined {
  const bare = hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;
  return ipaddr.isValid(bare) ? bare : undefined;
}

/** Words for a refused range, as they appear in a refusal reason. */
export function describeRange(range: string): string {
  const words: Record<string, string> = {
    loopback: "a loopback address",
    private: "a private address",
    linkLocal: "a link-local address",
    carrierGradeNat: "a carrier-grade NAT address",
    multicast: "a multicast address",
    uniqueLocal: "a unique-local address",
    unspecified: "an unspecified address",
    broadcast: "a broadcast address",
    metadata: "a cloud metadata address",
    rfc6052: "a NAT64 address",
    rfc6145: "an IPv4-translated address",
    "6to4": "a 6to4 address",
    teredo: "a Teredo address",
  };
  return words[range] ?? "a reserved address";
}
