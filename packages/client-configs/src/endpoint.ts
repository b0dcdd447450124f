import type { NamedValue } from "./inputs.js";
import type { Value } from "./value.js";

/** A remote MCP endpoint: its transport, URL and the headers a client sends. */
export type RemoteEndpoint = {
  kind: "remote";
  index: number;
  transport: "streamable-http" | "sse";
  url: Value;
  headers: NamedValue[];
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
};

/** An MCPB bundle: a file a desktop client installs, not a command. */
export type BundleEndpoint = {
  kind: "bundle";
  index: number;
  url: string;
  sha256: string | null;
};

export type Endpoint = RemoteEndpoint | PackageEndpoint | BundleEndpoint;

/** Why a server, or one way of reaching it, cannot be written as a config. */
export type Refusal = { refused: string };

export const refuse = (reason: string): Refusal => ({ refused: reason });

export function isRefusal(value: object): value is Refusal {
  return "refused" in value;
}
