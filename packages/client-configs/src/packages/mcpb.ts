import type { Package } from "@catalog/registry";
import { refuse, type BundleEndpoint, type BundleFile, type Refusal } from "../endpoint.js";

const OS: [RegExp, string][] = [
  [/darwin|macos|osx|mac(?![a-z])/, "macos"],
  [/windows|win32|win64|win(?![a-z])/, "windows"],
  [/linux/, "linux"],
];
const ARCH: [RegExp, string][] = [
  [/arm64|aarch64/, "arm64"],
  [/amd64|x86_64|x64/, "x64"],
];

/** The platform a bundle file is built for, as its file name says (`..._darwin_arm64.mcpb`). */
export function bundlePlatform(url: string): string | null {
  const file = url.slice(url.lastIndexOf("/") + 1).toLowerCase();
  const os = OS.find(([re]) => re.test(file))?.[1];
  const arch = ARCH.find(([re]) => re.test(file))?.[1];
  if (!os) return null;
  return arch ? `${os}-${arch}` : os;
}

/**
 * MCPB: a bundle file to download, verify and open in Claude Desktop; there is no command.
 * Publishers list one MCPB package per platform, so the bundle holds every https file of the
 * server, the chosen one first, each with the platform its name tells.
 */
export function mcpbBundle(packages: readonly Package[], index: number): BundleEndpoint | Refusal {
  const chosen = packages[index];
  if (!chosen || URL.parse(chosen.identifier)?.protocol !== "https:") {
    return refuse(`The MCPB bundle ${chosen?.identifier ?? ""} is not an https download URL.`);
  }
  const others = packages.filter(
    (p, i) => i !== index && p.registryType === "mcpb" && URL.parse(p.identifier)?.protocol === "https:",
  );
  const file = (p: Package): BundleFile => ({
    url: p.identifier,
    sha256: p.fileSha256 ?? null,
    platform: bundlePlatform(p.identifier),
  });
  return { kind: "bundle", index, files: [chosen, ...others].map(file) };
}
