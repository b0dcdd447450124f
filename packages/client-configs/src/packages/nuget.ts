import { argumentValues } from "../inputs.js";
import { pinnedVersion, runtimeLauncher, wordsOf, type RuntimeOptions } from "./launch.js";

const VALUE_OPTIONS = ["--source", "--add-source", "--configfile", "--framework", "--arch", "--os"];
const DNX: RuntimeOptions = {
  own: new Set(["--yes", "-y"]),
  known: new Set([...VALUE_OPTIONS, "--yes", "-y", "--prerelease", "--interactive"]),
  takesValue: new Set(VALUE_OPTIONS),
  source: new Set(["--source", "--add-source", "--configfile"]),
};

/**
 * NuGet: `dnx <dnx options> <package>@<version> --yes -- <runtime words> <package arguments>`
 * (dnx ships with the .NET 10 SDK).
 */
export const nuget = runtimeLauncher(
  ["https://api.nuget.org/v3/index.json", "https://api.nuget.org"],
  DNX,
  (pkg, { before, after }) => {
    const version = pinnedVersion(pkg);
    const serverArgs = [...wordsOf(after), ...argumentValues(pkg.packageArguments)];
    return {
      command: "dnx",
      args: [
        ...wordsOf(before),
        [version ? `${pkg.identifier}@${version}` : pkg.identifier],
        ["--yes"],
        ...(serverArgs.length ? [["--"], ...serverArgs] : []),
      ],
    };
  },
);
