import type { Package } from "@catalog/registry";
import { argumentGroups, argumentValues } from "../inputs.js";
import type { Value } from "../value.js";
import { launchEnvironment, launchRefusal, pinnedVersion, type Launcher } from "./launch.js";
import { literalOf, optionText, parseOptions, type Option } from "./options.js";
import { dockerOptionRisk, envRisk, type Withheld } from "./withheld.js";

/** Flags the launch line sets itself, or must never carry (-d detaches, -t breaks stdio). */
const OWN_FLAGS = new Set(["-i", "--interactive", "--rm", "-d", "--detach", "-t", "--tty", "-it", "-ti"]);

/** `docker run` options that take a value, so that `-p` `8080:8080` read as one option. */
const TAKES_VALUE = new Set(
  (
    "-e --env -v --volume --mount -p --publish --network --net --pid --ipc --uts --userns --cgroupns " +
    "--cap-add --cap-drop --security-opt --device --name -w --workdir -u --user --entrypoint " +
    "--env-file --add-host -l --label --platform -m --memory --cpus --restart -h --hostname --tmpfs " +
    "--ulimit --dns --shm-size --group-add --expose --runtime --gpus --pull"
  ).split(" "),
);

/**
 * OCI: `docker run -i --rm <runtime arguments> -e VAR... <image> <package arguments>`. Each
 * environment variable is passed by name, its value set in the client's env block.
 */
export const oci: Launcher = (pkg) => {
  const refusal = launchRefusal(pkg, []);
  if (refusal) return refusal;
  const withheld: Withheld[] = [];
  const image = imageRef(pkg);
  const env = launchEnvironment(pkg, withheld);
  const names = new Set(env.map((e) => e.name));
  const options = parseOptions(argumentGroups(pkg.runtimeArguments), TAKES_VALUE);
  const runtime = options.flatMap((option, i) => keptWords(option, i, { image, names, withheld }));
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
    withheld,
  };
};

/** The image reference: the identifier, tagged with the version when it carries no tag or digest. */
function imageRef(pkg: Package): string {
  const version = pinnedVersion(pkg);
  const last = pkg.identifier.slice(pkg.identifier.lastIndexOf("/") + 1);
  return version && !/[:@]/.test(last) ? `${pkg.identifier}:${version}` : pkg.identifier;
}

type Context = { image: string; names: ReadonlySet<string>; withheld: Withheld[] };

/**
 * Publishers often restate the whole `docker run` line in runtimeArguments (run, -i, --rm, -e
 * for a variable already passed, the image itself); those repeats are dropped so the line
 * stays valid, and options that hand the container the host are withheld. Everything else
 * (ports, volumes, fixed variables) is kept in order.
 */
function keptWords(option: Option, index: number, { image, names, withheld }: Context): Value[] {
  const { name, value } = option;
  if (name === null) {
    const word = literalOf(option.words[0]);
    return (index === 0 && word === "run") || (word !== undefined && sameImage(word, image))
      ? []
      : option.words;
  }
  if (OWN_FLAGS.has(name)) return [];
  const variable = name === "-e" || name === "--env" ? value?.split("=")[0] : undefined;
  if (variable !== undefined && names.has(variable)) return [];
  const risk =
    dockerOptionRisk(name, value) ??
    (variable !== undefined && value?.includes("=") ? envRisk(variable) : null);
  if (risk) {
    withheld.push({ option: optionText(option), reason: risk });
    return [];
  }
  return option.words;
}

function sameImage(a: string, b: string): boolean {
  const normal = (ref: string) => ref.replace(/^docker\.io\//, "").replace(/^library\//, "");
  return normal(a) === normal(b);
}
