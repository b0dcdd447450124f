import { argumentValues, environment } from "../inputs.js";
import { launchRefusal, type Launcher } from "./launch.js";

/** npm: `npx -y <package>@<version> <package arguments>`. */
export const npm: Launcher = (pkg) => {
  const refusal = launchRefusal(pkg, ["https://registry.npmjs.org"]);
  if (refusal) return refusal;
  const spec = pkg.version?.trim() ? `${pkg.identifier}@${pkg.version.trim()}` : pkg.identifier;
  return {
    command: "npx",
    args: [["-y"], [spec], ...argumentValues(pkg.packageArguments)],
    env: environment(pkg.environmentVariables),
  };
};
