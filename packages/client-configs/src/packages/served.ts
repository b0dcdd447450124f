import type { Input, Package } from "@catalog/registry";
import { isRefusal, refuse, type Refusal, type RemoteEndpoint } from "../endpoint.js";
import { inputValue } from "../inputs.js";
import { headerValues } from "../remote.js";
import { envName, fromTemplate } from "../value.js";
import type { Launch } from "./launch.js";

/**
 * A package that serves MCP over streamable HTTP or SSE rather than stdio: no client can start
 * it, so the user runs `launch` themselves and the config connects to the package's URL. Its
 * `{port}`-style variables take the value or default of the argument or variable of that name.
 */
export function servedPackage(
  pkg: Package,
  index: number,
  launch: Launch | Refusal,
  key: string,
): RemoteEndpoint | Refusal {
  if (isRefusal(launch)) return launch;
  const transport = pkg.transport?.type;
  const url = pkg.transport?.url;
  if ((transport !== "streamable-http" && transport !== "sse") || !url) {
    return refuse(
      `The ${pkg.registryType} package ${pkg.identifier} serves MCP over ${transport ?? "an unknown transport"} without a URL to connect to.`,
    );
  }
  const inputs = [
    ...(pkg.packageArguments ?? []),
    ...(pkg.runtimeArguments ?? []),
    ...(pkg.environmentVariables ?? []),
  ];
  const value = fromTemplate(url, (variable) => {
    const input = inputs.find((i) => sameName(i, variable)) ?? { isRequired: true };
    const resolved = inputValue({ ...input, isRequired: true }, envName(variable));
    const only = resolved?.length === 1 ? resolved[0] : undefined;
    return only ?? { name: envName(variable), description: `Value of {${variable}}`, secret: false };
  });
  const headers = headerValues(pkg.transport?.headers, key);
  return { kind: "remote", index, transport, url: value, headers, start: launch };
}

/** `{port}` names the argument `--port`, the one hinted `port`, or the variable `PORT`. */
function sameName(input: Input, variable: string): boolean {
  const names = [input.name, input.valueHint].flatMap((n) => (n ? [n.replace(/^-+/, "")] : []));
  return names.some((n) => envName(n) === envName(variable));
}
