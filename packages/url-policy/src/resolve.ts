import { lookup } from "node:dns/promises";
import { classifyAddress, describeRange, ipLiteral } from "./address.js";
import { UrlPolicyError } from "./errors.js";

export type ResolvedAddress = { address: string; family: 4 | 6 };

/** Turns a host name into addresses; tests pass their own to map names without real DNS. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) => {
  const found = await lookup(hostname, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

/** A DNS failure (no such host, no answer): the probe reports it as dns_error. */
export class DnsError extends Error {
  override readonly name = "DnsError";
  constructor(
    readonly hostname: string,
    readonly code: string,
  ) {
    super(`${hostname} does not resolve (${code})`);
  }
}

/**
 * Resolves a host and checks every address it has: one private answer refuses the host, so a
 * name that resolves to both a public and a private address cannot be used to reach the
 * private one. The returned addresses are the only ones a connection may use (pinning).
 */
export async function resolvePublic(
  hostname: string,
  resolver: Resolver,
  options: { allowLoopback?: boolean } = {},
): Promise<ResolvedAddress[]> {
  const literal = ipLiteral(hostname);
  let addresses: ResolvedAddress[];
  if (literal) {
    addresses = [{ address: literal, family: literal.includes(":") ? 6 : 4 }];
  } else {
    try {
      addresses = await resolver(hostname);
    } catch (err) {
      throw new DnsError(hostname, (err as { code?: string }).code ?? "ENOTFOUND");
    }
  }
  if (addresses.length === 0) throw new DnsError(hostname, "ENODATA");
  for (const a of addresses) {
    const verdict = classifyAddress(a.address, options);
    if (!verdict.allowed) {
      throw new UrlPolicyError(
        "non_public_address",
        `The host ${hostname} resolves to ${a.address}, ${describeRange(verdict.range)}; only public addresses can be checked.`,
      );
    }
  }
  return addresses;
}
