import type { Package } from "@catalog/registry";
import { argumentValues, environment } from "../inputs.js";
import type { Value } from "../value.js";
import { launchRefusal, pinnedVersion, type Launcher } from "./launch.js";

/** Flags the launch line sets itself, or must never carry (-d detaches, -t breaks stdio). */
const OWN_FLAGS = new Set(["-i", "--interactive", "--rm", "-d", "--detach", "-t", "--tty", "-it", "-ti"]);

/**
 * OCI: `docker run -i --rm <runtime arguments> -e VAR... <image> <package arguments>`. Each
 * environment variable is passed by name, its value set in the client's env block.
 */
export const oci: Launcher = (pkg) => {
  const refusal = launchRefusal(pkg, []);
  if (refusal) return refusal;
  const image = imageRef(pkg);
  const env = environment(pkg.environmentVariables);
  const runtime = runtimeArgs(argumentValues(pkg.runtimeArguments), image, new Set(env.map((e) => e.name)));
  return {
    command: "docker",
    args: [
      ["run"],
      ["-i"],
      ["--rm"],
      ...runtime,
      ...env.flatMap((e) => [["-e"], [e.name]]),
      [image],
      ...argumentValues(pkg.packageArguments),
    ],
    env,
  };
};

/** The image reference: the identifier, tagged with the version when it carries no tag or digest. */
function imageRef(pkg: Package): string {
  const version = pinnedVersion(pkg);
  const last = pkg.identifier.slice(pkg.identifier.lastIndexOf("/") + 1);
  return version && !/[:@]/.test(last) ? `${pkg.identifier}:${version}` : pkg.identifier;
}

const literalOf = (v: Value | undefined): string | undefined =>
  v?.length === 1 && typeof v[0] === "string" ? v[0] : undefined;

/**
 * Publishers often restate the whole `docker run` line in runtimeArguments (run, -i, --rm, -e
 * for a variable already passed, the image itself); those repeats are dropped so the line
 * stays valid. Everything else (ports, volumes, fixed variables) is kept in order.
 */
function runtimeArgs(args: Value[], image: string, envNames: ReadonlySet<string>): Value[] {
  const out: Value[] = [];
  for (let i = 0; i < args.length; i++) {
    const token = literalOf(args[i]);
    if (token === undefined) {
      out.push(args[i] ?? []);
      continue;
    }
    if ((i === 0 && token === "run") || OWN_FLAGS.has(token) || sameImage(token, image)) continue;
    const next = literalOf(args[i + 1]);
    if (
      (token === "-e" || token === "--env") &&
      next !== undefined &&
      envNames.has(next.split("=")[0] ?? "")
    ) {
      i++;
      continue;
    }
    out.push([token]);
  }
  return out;
}

function sameImage(a: string, b: string): boolean {
  const normal = (ref: string) => ref.replace(/^docker\.io\//, "").replace(/^library\//, "");
  return normal(a) === normal(b);
}
