import type { Verdict } from "./outcome.js";
import type { LaunchPlan } from "./plan.js";

/** The package an install was of, and what its installer printed when it failed. */
export type InstallFailureInput = Pick<LaunchPlan, "ecosystem" | "name" | "version"> & {
  output: string;
  /** PyPI: the versions the index holds in any form (wheels or sdists), as `pip index versions` printed them. */
  indexVersions?: string;
};

const NPM_NO_VERSION = /ETARGET|No matching version/;
const NPM_NOT_FOUND = /E404/;
/** pip found no file of that version it may install (with wheels only, an sdist is not one). */
const PIP_NO_VERSION =
  /Could not find a version that satisfies the requirement|No matching distribution found/;
/** pip could not reach the index: a passing failure, whatever else it printed after. */
const PIP_UNREACHABLE =
  /NewConnectionError|ConnectTimeoutError|ReadTimeoutError|ProxyError|SSLError|Max retries exceeded|connection broken|HTTP error 5\d\d|\b50[234]\b[^\n]{0,40}(?:Server|Gateway|Service)/i;

/**
 * Why an install failed, from its installer's output: the registry does not serve the listed
 * version (or package), the version exists only as a source distribution (PyPI: its build would
 * run its code at install), or anything else (a dependency, the network, the disk).
 */
export function classifyInstallFailure(input: InstallFailureInput): Verdict {
  const spec = input.version
    ? `${input.name}${input.ecosystem === "pypi" ? "==" : "@"}${input.version}`
    : input.name;
  const last = lastLines(input.output);
  if (input.ecosystem === "pypi") return pipFailure(input, spec, last);
  if (
    NPM_NO_VERSION.test(input.output) ||
    (NPM_NOT_FOUND.test(input.output) && input.output.includes(`${input.name}@`))
  )
    return { outcome: "version_unavailable", reason: `The registry does not serve ${spec}. ${last}` };
  return { outcome: "install_failed", reason: `npm could not install ${spec}. ${last}` };
}

function pipFailure(input: InstallFailureInput, spec: string, last: string): Verdict {
  if (PIP_UNREACHABLE.test(input.output) || !PIP_NO_VERSION.test(input.output))
    return { outcome: "install_failed", reason: `pip could not install ${spec}. ${last}` };
  if (input.version && indexHolds(input.indexVersions ?? "", input.version))
    return {
      outcome: "not_introspectable_here",
      reason: `The index holds ${spec} only as a source distribution (or as wheels for other platforms); building one runs its code at install, so introspection installs wheels only.`,
    };
  return { outcome: "version_unavailable", reason: `The index does not serve ${spec}. ${last}` };
}

/** Whether `pip index versions` listed the version ("Available versions: 2.0.0, 1.0.0"). */
function indexHolds(printed: string, version: string): boolean {
  const line = printed.split("\n").find((l) => l.startsWith("Available versions:")) ?? "";
  return line
    .slice("Available versions:".length)
    .split(",")
    .some((v) => v.trim() === version);
}

const lastLines = (output: string): string => output.trim().split("\n").slice(-3).join(" | ").slice(0, 600);

/** How fetching and unpacking an MCP bundle failed. */
export type BundleFailure =
  | { kind: "unreachable"; detail: string }
  | { kind: "refused_url"; detail: string }
  | { kind: "status"; status: number }
  | { kind: "too_large"; maxBytes: number }
  | { kind: "sha256"; expected: string; actual: string }
  | { kind: "unpack"; detail: string };

/**
 * An MCP bundle's failed install: gone from its URL, or not the file the listing names (both are
 * how it is listed, not a passing state), refused for its URL, size or contents (hostile or not
 * startable here), or a passing failure (the network, the host's errors).
 */
export function classifyBundleFailure(url: string, failure: BundleFailure): Verdict {
  const at = url.slice(0, 200);
  switch (failure.kind) {
    case "status":
      return failure.status === 404 || failure.status === 410
        ? { outcome: "version_unavailable", reason: `The bundle's URL ${at} answers ${failure.status}.` }
        : { outcome: "install_failed", reason: `The bundle's URL ${at} answered ${failure.status}.` };
    case "sha256":
      return {
        outcome: "version_unavailable",
        reason: `The file at ${at} is not the bundle the listing names: its SHA-256 is ${failure.actual}, the listing's ${failure.expected}.`,
      };
    case "refused_url":
      return {
        outcome: "not_introspectable_here",
        reason: `The bundle's URL is refused: ${failure.detail.slice(0, 300)}`,
      };
    case "too_large":
      return {
        outcome: "not_introspectable_here",
        reason: `The bundle is larger than ${failure.maxBytes} bytes.`,
      };
    case "unpack":
      return {
        outcome: "not_introspectable_here",
        reason: `The bundle was refused: ${failure.detail.slice(0, 300)}.`,
      };
    case "unreachable":
      return {
        outcome: "install_failed",
        reason: `The bundle could not be downloaded from ${at}: ${failure.detail.slice(0, 300)}`,
      };
  }
}
