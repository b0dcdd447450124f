import type { Package } from "@catalog/registry";
import { argumentValues } from "../inputs.js";
import type { Value } from "../value.js";
import { isSourceUrl, pinnedVersion, runtimeLauncher, wordsOf, type RuntimeOptions } from "./launch.js";
import type { Option } from "./options.js";

/** uvx options that choose another package index: withheld. */
const INDEX_OPTIONS = [
  "--index",
  "--index-url",
  "-i",
  "--extra-index-url",
  "--default-index",
  "--find-links",
  "-f",
];
const VALUE_OPTIONS = [
  "--from",
  "--with",
  "-w",
  "--with-editable",
  "--with-requirements",
  "--python",
  "-p",
  ...INDEX_OPTIONS,
  "--constraints",
  "--overrides",
];
const UVX: RuntimeOptions = {
  own: new Set(),
  known: new Set([...VALUE_OPTIONS, "--refresh", "--offline", "--isolated", "-q", "--quiet", "--no-cache"]),
  // `-m` is no uvx option, but publishers write `-m module` for `python -m module`.
  takesValue: new Set([...VALUE_OPTIONS, "-m"]),
  source: new Set(INDEX_OPTIONS),
};

/**
 * PyPI: `uvx <uvx options> <package>==<version> <runtime words> <package arguments>`, or, when
 * the publisher names another entry point, `uvx --from <package>==<version> <entry point> ...`:
 * a first runtime word that extends the package's name (`keyphrases-mcp-server`), a
 * `--from <package>` of their own, or `-m module` (run as `python -m module`). A package given
 * as a URL or git reference cannot take `==version` (uvx refuses it): it is installed `--from`
 * that source and started by its repository's name, the usual entry point.
 */
export const pypi = runtimeLauncher(
  ["https://pypi.org", "https://pypi.org/simple"],
  UVX,
  (pkg, { before, after }) => {
    const version = pinnedVersion(pkg);
    const spec = version && !isSourceUrl(pkg.identifier) ? `${pkg.identifier}==${version}` : pkg.identifier;
    const options = before.filter((o) => !(o.name === "--from" && o.value?.startsWith(pkg.identifier)));
    const entry = entryPoint(pkg, before, after);
    const launch: Value[] = entry ? [["--from"], [spec], ...entry] : [[spec], ...wordsOf(after)];
    return {
      command: "uvx",
      args: [...wordsOf(options), ...launch, ...argumentValues(pkg.packageArguments)],
    };
  },
);

/** The entry point and what follows it, when the package is not started by its own name. */
function entryPoint(pkg: Package, before: Option[], after: Option[]): Value[] | undefined {
  const [first, ...rest] = after;
  if (first?.name === "-m") return [["python"], ...wordsOf(after)];
  const ownFrom = before.some((o) => o.name === "--from" && o.value?.startsWith(pkg.identifier));
  const stem = (text: string) => text.toLowerCase().replace(/_/g, "-");
  const extendsName =
    first?.name === null && first.value !== undefined && stem(first.value).startsWith(stem(pkg.identifier));
  if (first && (ownFrom || extendsName)) return [...first.words, ...wordsOf(rest)];
  if (isSourceUrl(pkg.identifier)) return [[repositoryName(pkg.identifier)], ...wordsOf(after)];
  return undefined;
}

/** `git+https://github.com/acme/weather-mcp.git@v1` starts as `weather-mcp`. */
function repositoryName(source: string): string {
  const path = source.replace(/[?#].*$/, "").replace(/@[^/]*$/, "");
  return path.slice(path.lastIndexOf("/") + 1).replace(/\.git$/, "");
}
