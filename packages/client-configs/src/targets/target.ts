import {
  refuse,
  type Endpoint,
  type PackageEndpoint,
  type Refusal,
  type RemoteEndpoint,
} from "../endpoint.js";
import type { NamedValue } from "../inputs.js";
import { render, type Placeholder, type Value } from "../value.js";

/**
 * How the user supplies a value: `env` from an environment variable of that name, `prompt`
 * when the client asks for it, `config` by replacing the `<NAME>` marker in the config.
 */
export type SecretWhere = "env" | "prompt" | "config";

export type Secret = { name: string; where: SecretWhere; secret: boolean; description: string };

/** A config as one client reads it. */
export type Rendered = {
  contentType: "application/json" | "text/plain";
  config: Record<string, unknown> | string;
  secrets: Secret[];
  deeplink?: string;
  /** What the user should know of the client itself (who it still serves, its successor). */
  notes?: string[];
};

export type TargetContext = {
  /** The config key: the last segment of the server name. */
  key: string;
  description: string;
};

/** A client format: renders what it `accepts`, refuses the rest with a reason. */
export type Target = ((endpoint: Endpoint, context: TargetContext) => Rendered | Refusal) & {
  /** Cheap: whether the client can express the endpoint, without rendering it. */
  accepts: (endpoint: Endpoint) => boolean;
};

export function defineTarget<E extends Endpoint>(
  accepts: (endpoint: Endpoint) => endpoint is E,
  refusal: (endpoint: Endpoint) => string,
  render: (endpoint: E, context: TargetContext) => Rendered,
): Target {
  const target = (endpoint: Endpoint, context: TargetContext) =>
    accepts(endpoint) ? render(endpoint, context) : refuse(refusal(endpoint));
  return Object.assign(target, { accepts });
}

export type LaunchOrRemote = RemoteEndpoint | PackageEndpoint;

/** Every client but Claude Desktop: an MCPB bundle is no config entry. */
export const notBundle = (endpoint: Endpoint): endpoint is LaunchOrRemote => endpoint.kind !== "bundle";

/** Clients without SSE: streamable HTTP remotes and packages only. */
export const noSse = (endpoint: Endpoint): endpoint is LaunchOrRemote =>
  endpoint.kind === "package" || (endpoint.kind === "remote" && endpoint.transport === "streamable-http");

export const bundleRefusal = (client: string) => (endpoint: Endpoint) =>
  `${client} cannot install ${describeEndpoint(endpoint)}; open it in Claude Desktop.`;

export const sseRefusal = (client: string) => (endpoint: Endpoint) =>
  endpoint.kind === "bundle"
    ? bundleRefusal(client)(endpoint)
    : `${client} has no SSE transport, so it cannot use ${describeEndpoint(endpoint)}.`;

/** Collects the values a config refers to, once each, in the order they appear. */
export class Secrets {
  private readonly byName = new Map<string, Secret>();

  /** Records the placeholder and returns `write(placeholder)` for the config text. */
  use(p: Placeholder, where: SecretWhere, write: (p: Placeholder) => string): string {
    if (!this.byName.has(p.name)) {
      this.byName.set(p.name, { name: p.name, where, secret: p.secret, description: p.description });
    }
    return write(p);
  }

  /** A value's text, each placeholder written by `write` and recorded as supplied `where`. */
  render(value: Value, where: SecretWhere, write: (p: Placeholder) => string): string {
    return render(value, (p) => this.use(p, where, write));
  }

  list(): Secret[] {
    return [...this.byName.values()];
  }
}

/** The `<NAME>` marker a user replaces by hand where a client expands no variables. */
export const marker = (p: Placeholder): string => `<${p.name}>`;

/** A name-to-text map of rendered values, or undefined when there are none. */
export function textMap(
  values: readonly NamedValue[],
  text: (value: Value) => string,
): Record<string, string> | undefined {
  if (values.length === 0) return undefined;
  return Object.fromEntries(values.map((v) => [v.name, text(v.value)]));
}

/**
 * The `{command, args, env}` entry most clients read for a package, each value written by `text`
 * (environment values by `envText` where a client writes those apart).
 */
export function stdioServer(
  endpoint: PackageEndpoint,
  text: (value: Value) => string,
  envText: (value: Value) => string = text,
) {
  return compact({
    command: endpoint.command,
    args: endpoint.args.map(text),
    env: textMap(endpoint.env, envText),
  });
}

export function compact<T extends Record<string, unknown>>(object: T): T {
  return Object.fromEntries(Object.entries(object).filter(([, v]) => v !== undefined)) as T;
}

/** How a refusal names what it cannot express. */
function describeEndpoint(endpoint: Endpoint): string {
  switch (endpoint.kind) {
    case "remote":
      return `the ${endpoint.transport} remote ${render(endpoint.url, marker)}`;
    case "package":
      return `the ${endpoint.registryType} package ${endpoint.identifier}`;
    case "bundle":
      return `the MCPB bundle ${endpoint.files[0]?.url ?? ""}`;
  }
}
