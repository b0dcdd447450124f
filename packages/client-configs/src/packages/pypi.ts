import { argumentValues, environment } from "../inputs.js";
import { launchRefusal, pinnedVersion, type Launcher } from "./launch.js";

/** PyPI: `uvx <package>==<version> <package arguments>`. */
export const pypi: Launcher = (pkg) => {
  const refusal = launchRefusal(pkg, ["https://pypi.org", "https://pypi.org/simple"]);
  if (refusal) return refusal;
  const version = pinnedVersion(pkg);
  return {
    command: "uvx",
    args: [
      [version ? `${pkg.identifier}==${version}` : pkg.identifier],
      ...argumentValues(pkg.packageArguments),
    ],
    env: environment(pkg.environmentVariables),
  };
};
