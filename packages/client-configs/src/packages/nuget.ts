import { argumentValues, environment } from "../inputs.js";
import { launchRefusal, pinnedVersion, type Launcher } from "./launch.js";

/** NuGet: `dnx <package>@<version> --yes -- <package arguments>` (dnx ships with the .NET 10 SDK). */
export const nuget: Launcher = (pkg) => {
  const refusal = launchRefusal(pkg, ["https://api.nuget.org/v3/index.json", "https://api.nuget.org"]);
  if (refusal) return refusal;
  const version = pinnedVersion(pkg);
  const packageArgs = argumentValues(pkg.packageArguments);
  return {
    command: "dnx",
    args: [
      [version ? `${pkg.identifier}@${version}` : pkg.identifier],
      ["--yes"],
      ...(packageArgs.length ? [["--"], ...packageArgs] : []),
    ],
    env: environment(pkg.environmentVariables),
  };
};
