import type { NamedValue } from "./inputs.js";
import type { Launch } from "./packages/launch.js";
import type { Withheld } from "./packages/withheld.js";
import type { Value } from "./value.js";

/**
 * A remote MCP endpoint: its transport, URL and the headers a client sends. `start` is set for
 * a package that serves MCP over HTTP: the user starts it with that command, then connects.
 */
export type RemoteEndpoint = {
  kind: "remote";
  index: number;
  transport: "streamable-http" | "sse";
  url: Value;
  headers: NamedValue[];
  start?: Launch;
};

/** A local server started over stdio: the launch command of its package. */
export type PackageEndpoint = {
  kind: "package";
  index: number;
  registryType: string;
  identifier: string;
  command: string;
  args: Value[];
  env: NamedValue[];
  withheld: Withheld[];
};

/** One file of an MCPB bundle; `platform` as its name tells it (`macos-arm64`), else null. */
export type BundleFile = { url: string; sha256: string | null; platform: string | null };

/** An MCPB bundle: a file a desktop client installs, not a command; one file per platform. */
export type BundleEndpoint = { kind: "bundle"; index: number; files: BundleFile[] };

export type Endpoint = RemoteEndpoint | PackageEndpoint | BundleEndpoint;

/** Why a server, or one way of reaching it, cannot be written as a config. */
export type Refusal = { refused: string };

export const refuse = (reason: string): Refusal => ({ refused: reason });

export function isRefusal(value: object): value is Refusal {
  return "refused" in value;
}
