/**
 * Launch options a publisher can ask for that hand the server more than a config should give
 * without a person deciding: host access for a container, or variables and options that steer
 * the launcher itself (where packages come from, code loaded into the runtime). A config never
 * copies them; the connection's human steps name each one it left out. The table in
 * docs/read-api.md ("Launch options withheld") lists the same rules.
 */
export type Withheld = { option: string; reason: string };

type Rule = { test: (name: string, value: string | undefined) => boolean; reason: string };

const HOST_NAMESPACES = new Set(["--network", "--net", "--pid", "--ipc", "--uts", "--userns", "--cgroupns"]);
const SENSITIVE_PATHS = ["/etc", "/root", "/proc", "/sys", "/dev", "/boot", "/usr", "/bin", "/sbin", "/lib"];
const SENSITIVE_EXACT = new Set(["/", "/home", "/Users", "~", "$HOME", "${HOME}", "%USERPROFILE%"]);
const DOCKER_SOCKETS = ["/var/run/docker.sock", "/run/docker.sock", "/var/lib/docker"];

/** Whether a bind mount's host side exposes the host itself rather than a folder of the user's. */
function sensitiveHostPath(source: string): boolean {
  const path = source.replace(/\/+$/, "") || "/";
  if (SENSITIVE_EXACT.has(path)) return true;
  if (DOCKER_SOCKETS.some((p) => path.startsWith(p))) return true;
  return SENSITIVE_PATHS.some((p) => path === p || path.startsWith(`${p}/`));
}

/** The host side of `-v src:dst[:opts]` or of `--mount type=bind,source=src,...`. */
function mountSource(name: string, value: string): string | undefined {
  if (name === "--mount") {
    const fields = Object.fromEntries(value.split(",").map((f) => f.split("=", 2) as [string, string]));
    return fields.source ?? fields.src;
  }
  return value.split(":")[0];
}

const DOCKER_RULES: Rule[] = [
  {
    test: (n) => n === "--privileged",
    reason: "gives the container every capability and the host's devices",
  },
  {
    test: (n, v) => HOST_NAMESPACES.has(n) && v === "host",
    reason: "shares a namespace of the host (network, processes, IPC, users)",
  },
  { test: (n) => n === "--cap-add", reason: "adds Linux capabilities to the container" },
  { test: (n) => n === "--device", reason: "passes a device of the host into the container" },
  {
    test: (n, v) => n === "--security-opt" && /unconfined|label[=:]disable/.test(v ?? ""),
    reason: "turns off a security profile of the container",
  },
  {
    test: (n, v) =>
      ["-v", "--volume", "--mount"].includes(n) &&
      v !== undefined &&
      sensitiveHostPath(mountSource(n, v) ?? ""),
    reason: "mounts a system path of the host (or the docker socket) into the container",
  },
];

/** Environment variables that steer the launcher or the runtime rather than the server. */
const ENV_RULES: { pattern: RegExp; reason: string }[] = [
  { pattern: /^npm_config_/i, reason: "changes npm's settings (registry, scripts) for the launch" },
  {
    pattern:
      /^(UV_(INDEX|INDEX_URL|EXTRA_INDEX_URL|DEFAULT_INDEX|FIND_LINKS|INSECURE_HOST)|PIP_(INDEX_URL|EXTRA_INDEX_URL|FIND_LINKS|TRUSTED_HOST))$/,
    reason: "changes where packages are downloaded from",
  },
  {
    pattern: /^(NODE_OPTIONS|PYTHONPATH|PYTHONSTARTUP|PYTHONHOME|DOTNET_STARTUP_HOOKS)$/,
    reason: "loads other code into the runtime",
  },
  {
    pattern: /^(LD_PRELOAD|LD_LIBRARY_PATH|LD_AUDIT|DYLD_.*)$/,
    reason: "loads native code into the process",
  },
  {
    pattern: /^(DOCKER_HOST|DOCKER_CONTEXT|DOCKER_CONFIG)$/,
    reason: "points docker at another daemon or configuration",
  },
  {
    pattern:
      /^(NODE_TLS_REJECT_UNAUTHORIZED|NODE_EXTRA_CA_CERTS|SSL_CERT_FILE|SSL_CERT_DIR|REQUESTS_CA_BUNDLE|CURL_CA_BUNDLE)$/,
    reason: "changes which TLS certificates are trusted",
  },
  {
    pattern: /^(PATH|HTTP_PROXY|HTTPS_PROXY|ALL_PROXY)$/i,
    reason: "changes which programs run or where traffic goes",
  },
];

/** Why a runtime's source option (`RuntimeOptions.source`) is withheld. */
export const SOURCE_OPTION_RISK = "changes where the package is downloaded from";

/** Why a `docker run` option is withheld, or null when it may stay. */
export function dockerOptionRisk(name: string, value: string | undefined): string | null {
  return DOCKER_RULES.find((r) => r.test(name, value))?.reason ?? null;
}

/** Why a publisher-written environment variable is withheld, or null when it may stay. */
export function envRisk(name: string): string | null {
  return ENV_RULES.find((r) => r.pattern.test(name))?.reason ?? null;
}
