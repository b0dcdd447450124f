import {
  endpointSteps,
  isRefusal,
  packageEndpoint,
  placeholdersOf,
  type Endpoint,
} from "@catalog/client-configs";
import { serverKey, type ServerJson } from "@catalog/registry";
import type { Candidate, PackageEvidence } from "./types.js";

/** Package types a client can launch, best first; MCPB bundles need a desktop app to install. */
const PACKAGE_ORDER = ["npm", "pypi", "oci", "nuget", "mcpb"];

/**
 * Classifies the server's package at `index` from the same endpoint its configs are built from,
 * so class, steps and config read the inputs alike. L0 is autonomous unless the user must
 * supply a secret, start the server by hand (a package that serves HTTP), or decide on a launch
 * option the config withheld. A package no config can express is no candidate.
 */
export function assessPackage(
  server: ServerJson,
  index: number,
  started?: PackageEvidence,
): Candidate | null {
  const pkg = server.packages?.[index];
  const order = PACKAGE_ORDER.indexOf(pkg?.registryType ?? "");
  if (!pkg || order < 0) return null;
  const endpoint = packageEndpoint(server, index, serverKey(server.name));
  if (isRefusal(endpoint)) return null;
  const secret = secretInputs(endpoint);
  const served = endpoint.kind === "remote";
  const withheld = endpoint.kind === "package" ? endpoint.withheld.length > 0 : false;
  const seen = startedEvidence(started);
  return {
    class: "L0",
    autonomous: !secret && !served && !withheld && !seen.refused,
    human_steps: [...endpointSteps(endpoint), ...(seen.refused && !secret ? [UNDECLARED_CREDENTIALS] : [])],
    via: { kind: "package", index, registryType: pkg.registryType, identifier: pkg.identifier },
    reason: `${reasonOf(served, secret, withheld)}${seen.sentence}`,
    rank: 2 + order / 10 + (secret ? 0.05 : 0) + (served ? 0.6 : 0) + seen.rank,
  };
}

const UNDECLARED_CREDENTIALS =
  "Find out which credentials the package needs: it refused to start without them, and its listing declares none.";

/** Outcomes that say the package could not be started as listed (not a passing failure of ours). */
const DID_NOT_START = new Set(["needs_arguments", "start_failed", "version_unavailable"]);

/**
 * What starting the package in the catalog's sandbox adds: a package that listed its tools is
 * stronger evidence than its metadata (it goes before packages never started); one that could not
 * be started as listed goes after those, and says why; one that refused to start without real
 * values needs the user's credentials even where the listing declares none secret. Passing
 * failures (a timeout, an install that failed, a package not introspectable here) change nothing.
 */
function startedEvidence(e: PackageEvidence | undefined): {
  rank: number;
  sentence: string;
  refused: boolean;
} {
  const none = { rank: 0, sentence: "", refused: false };
  if (!e) return none;
  if (e.outcome === "tools")
    return {
      rank: -0.01,
      sentence: ` Started in the catalog's sandbox, it listed ${e.toolCount} tool${e.toolCount === 1 ? "" : "s"}.`,
      refused: false,
    };
  if (e.outcome === "needs_credentials")
    return {
      rank: 0.02,
      sentence:
        " Started in the catalog's sandbox without real values, it refused to run: it needs the user's credentials.",
      refused: true,
    };
  if (DID_NOT_START.has(e.outcome))
    return { rank: 0.3, sentence: ` It did not start in the catalog's sandbox: ${e.detail}`, refused: false };
  return none;
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
