import {
  endpointSteps,
  isRefusal,
  packageEndpoint,
  placeholdersOf,
  type Endpoint,
} from "@catalog/client-configs";
import { serverKey, type ServerJson } from "@catalog/registry";
import type { Candidate } from "./types.js";

/** Package types a client can launch, best first; MCPB bundles need a desktop app to install. */
const PACKAGE_ORDER = ["npm", "pypi", "oci", "nuget", "mcpb"];

/**
 * Classifies the server's package at `index` from the same endpoint its configs are built from,
 * so class, steps and config read the inputs alike. L0 is autonomous unless the user must
 * supply a secret, start the server by hand (a package that serves HTTP), or decide on a launch
 * option the config withheld. A package no config can express is no candidate.
 */
export function assessPackage(server: ServerJson, index: number): Candidate | null {
  const pkg = server.packages?.[index];
  const order = PACKAGE_ORDER.indexOf(pkg?.registryType ?? "");
  if (!pkg || order < 0) return null;
  const endpoint = packageEndpoint(server, index, serverKey(server.name));
  if (isRefusal(endpoint)) return null;
  const secret = secretInputs(endpoint);
  const served = endpoint.kind === "remote";
  const withheld = endpoint.kind === "package" ? endpoint.withheld.length > 0 : false;
  return {
    class: "L0",
    autonomous: !secret && !served && !withheld,
    human_steps: endpointSteps(endpoint),
    via: { kind: "package", index, registryType: pkg.registryType, identifier: pkg.identifier },
    reason: reasonOf(served, secret, withheld),
    rank: 2 + order / 10 + (secret ? 0.05 : 0) + (served ? 0.6 : 0),
  };
}

function secretInputs(endpoint: Endpoint): boolean {
  if (endpoint.kind === "bundle") return false;
  const launch = endpoint.kind === "package" ? endpoint : endpoint.start;
  const values = [
    ...(launch ? [...launch.args, ...launch.env.map((e) => e.value)] : []),
    ...(endpoint.kind === "remote" ? [endpoint.url, ...endpoint.headers.map((h) => h.value)] : []),
  ];
  return values.some((v) => placeholdersOf(v).some((p) => p.secret));
}

function reasonOf(served: boolean, secret: boolean, withheld: boolean): string {
  if (served)
    return "A local package that serves MCP over HTTP: the user starts it, then a client connects to it.";
  if (withheld)
    return "A local package whose publisher asks for launch options the config leaves to the user.";
  return secret
    ? "A local package that needs a secret from the user."
    : "A local package that runs on the user's machine.";
}
