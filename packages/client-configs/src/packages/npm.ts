import { argumentValues } from "../inputs.js";
import { isSourceUrl, runtimeLauncher, wordsOf, type RuntimeOptions } from "./launch.js";

const VALUE_OPTIONS = ["-p", "--package", "-c", "--call", "--registry", "--userconfig", "--cache"];
const NPX: RuntimeOptions = {
  own: new Set(["-y", "--yes"]),
  known: new Set([...VALUE_OPTIONS, "-y", "--yes", "-q", "--quiet", "--no-install", "--prefer-offline"]),
  takesValue: new Set(VALUE_OPTIONS),
  source: new Set(["--registry", "--userconfig"]),
};

/**
 * npm: `npx -y <npx options> <package>@<version> <runtime words> <package arguments>`. A
 * package given as a URL or git reference is passed as it is: npm reads the version from it.
 */
export const npm = runtimeLauncher(["https://registry.npmjs.org"], NPX, (pkg, { before, after }) => {
  const version = pkg.version?.trim();
  const spec = version && !isSourceUrl(pkg.identifier) ? `${pkg.identifier}@${version}` : pkg.identifier;
  return {
    command: "npx",
    args: [["-y"], ...wordsOf(before), [spec], ...wordsOf(after), ...argumentValues(pkg.packageArguments)],
  };
});
