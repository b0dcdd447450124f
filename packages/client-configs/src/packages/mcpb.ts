import type { Package } from "@catalog/registry";
import { refuse, type BundleEndpoint, type Refusal } from "../endpoint.js";

/** MCPB: a bundle file to download, verify and open in Claude Desktop; there is no command. */
export function mcpbBundle(pkg: Package, index: number): BundleEndpoint | Refusal {
  if (URL.parse(pkg.identifier)?.protocol !== "https:") {
    return refuse(`The MCPB bundle ${pkg.identifier} is not an https download URL.`);
  }
  return { kind: "bundle", index, url: pkg.identifier, sha256: pkg.fileSha256 ?? null };
}
