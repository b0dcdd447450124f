import ipaddr from "ipaddr.js";

/**
 * The identity an anonymous limit is counted against: an IPv4 address, or the /64 network of an
 * IPv6 address (one subscriber usually holds a whole /64 and could rotate through it).
 * IPv4-mapped IPv6 addresses count as their IPv4 address.
 */
export function limitSubject(address: string | undefined): string {
  if (!address || !ipaddr.isValid(address)) return "unknown";
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  if (parsed.kind() === "ipv4") return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${ipaddr.IPv6.parse(`${parts.map((p) => p.toString(16)).join(":")}::`).toString()}/64`;
}

/** Express's `trust proxy` value from the comma-separated TRUSTED_PROXIES setting. */
export function trustProxySetting(value: string): string[] | false {
  const list = value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return list.length ? list : false;
}
