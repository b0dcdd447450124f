import type { Package } from "@catalog/registry";
import { z } from "zod";
import type { Verdict } from "../outcome.js";
import { PLACEHOLDER_VALUE } from "../placeholders.js";
import {
  launchInputs,
  notHere,
  notStarted,
  SANDBOX_PATHS,
  stdioOnly,
  type LaunchPlan,
  type Planned,
  type Started,
} from "../plan.js";

const SHA256 = /^[0-9a-f]{64}$/i;

/**
 * An MCP bundle's launch: download the file at its URL, verify it against the listing's
 * fileSha256 (without one the file could be anything), unpack it, then start what its
 * manifest.json says, with the listing's arguments and environment after the manifest's own.
 */
export function planMcpb(pkg: Package): Planned {
  const url = URL.parse(pkg.identifier);
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:"))
    return notHere(`"${pkg.identifier.slice(0, 100)}" is not a bundle's download URL.`);
  if (!pkg.fileSha256 || !SHA256.test(pkg.fileSha256))
    return notHere("The listing gives no valid fileSha256, so a downloaded bundle could not be verified.");
  return (
    stdioOnly(pkg) ?? {
      launch: {
        ecosystem: "mcpb",
        name: url.toString(),
        version: pkg.version ?? null,
        sha256: pkg.fileSha256.toLowerCase(),
        ...launchInputs(pkg),
      },
    }
  );
}

const ConfigSchema = z.looseObject({
  command: z.string().min(1).max(1000),
  args: z.array(z.string().max(10_000)).max(1000).optional(),
  env: z.record(z.string().max(1000), z.string().max(10_000)).optional(),
});

const UserConfigSchema = z.looseObject({
  required: z.boolean().optional(),
  sensitive: z.boolean().optional(),
  default: z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]).optional(),
});

/** What of manifest.json (MCPB 0.1 to 0.3) starts the server; the rest describes it. */
const ManifestSchema = z.looseObject({
  server: z.looseObject({
    type: z.string(),
    mcp_config: ConfigSchema.extend({
      platform_overrides: z.record(z.string(), ConfigSchema.partial()).optional(),
    }),
  }),
  user_config: z.record(z.string(), UserConfigSchema).optional(),
});
type Manifest = z.infer<typeof ManifestSchema>;

/** The runtimes a bundle names as its command, as the sandbox shows them. */
const RUNTIMES: Record<string, string> = {
  node: `${SANDBOX_PATHS.node}/bin/node`,
  python: SANDBOX_PATHS.python,
  python3: SANDBOX_PATHS.python,
};

/** The server types the sandbox starts; the others say why not. */
const UNSTARTED_TYPES: Record<string, string> = {
  binary:
    "The bundle starts a native binary built for the platforms its publisher chose; the sandbox starts node and python bundles only.",
  uv: "The bundle's Python dependencies are resolved by uv when it starts, which needs the network the sandbox does not have.",
};

/** The unpacked bundle's command line, from its manifest.json's text (null: the bundle has none). */
export function mcpbLaunch(plan: LaunchPlan, manifestText: string | null): Started {
  const parsed = parseManifest(manifestText);
  if ("notStarted" in parsed) return parsed;
  const { manifest } = parsed;
  const { type } = manifest.server;
  if (Object.hasOwn(UNSTARTED_TYPES, type))
    return { notStarted: { outcome: "not_introspectable_here", reason: UNSTARTED_TYPES[type] as string } };
  if (type !== "node" && type !== "python")
    return notStarted(`The bundle's server type "${type.slice(0, 50)}" is not one MCPB defines.`);
  const config = linuxConfig(manifest);
  const fill = substitution(manifest);
  const env = Object.fromEntries(
    Object.entries(config.env ?? {}).map(([name, value]) => [name, fill(value, name)]),
  );
  const command = fill(config.command, "command");
  const argv = [
    Object.hasOwn(RUNTIMES, command) ? (RUNTIMES[command] as string) : command,
    ...(config.args ?? []).flatMap((arg) => fill.all(arg)),
    ...plan.args,
  ];
  const pythonEnv: Record<string, string> = type === "python" ? { PYTHONDONTWRITEBYTECODE: "1" } : {};
  return {
    launch: {
      argv,
      env: { ...env, ...plan.env, ...pythonEnv },
      placeholders: [...new Set([...plan.placeholders, ...fill.placeholders])],
    },
  };
}

function parseManifest(text: string | null): { manifest: Manifest } | { notStarted: Verdict } {
  if (text === null) return notStarted("The bundle holds no manifest.json to say how it starts.");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return notStarted("The bundle's manifest.json is not valid JSON.");
  }
  const parsed = ManifestSchema.safeParse(json);
  if (parsed.success) return { manifest: parsed.data };
  return notStarted(
    "The bundle's manifest.json does not say how to start it (server.type and server.mcp_config.command).",
  );
}

/** mcp_config with its Linux override (the sandbox is Linux) laid over it. */
function linuxConfig(manifest: Manifest): z.infer<typeof ConfigSchema> {
  const { platform_overrides: overrides, ...base } = manifest.server.mcp_config;
  const linux = overrides && Object.hasOwn(overrides, "linux") ? overrides.linux : undefined;
  return { ...base, ...linux, env: { ...base.env, ...linux?.env } };
}

/** Folders a host would give; in the sandbox all are its home, the scratch directory. */
const HOST_FOLDERS = new Set(["HOME", "DESKTOP", "DOCUMENTS", "DOWNLOADS"]);
/** `${name}`, bounded: the text is the bundle's. */
const VARIABLE = /\$\{([^}]{1,200})\}/g;

/**
 * Fills MCPB's `${...}` variables: `__dirname` is the bundle in the sandbox, a host folder the
 * scratch directory, a path separator `/`, and `user_config.key` the option's default (never a
 * sensitive one's), else a placeholder when it is required or sensitive (named by the variable
 * it fills, else by its key), else nothing. Others are left as written.
 */
function substitution(manifest: Manifest) {
  const placeholders = new Set<string>();
  const options = manifest.user_config ?? {};
  const valueOf = (variable: string, label: string): string | string[] | undefined => {
    if (variable === "__dirname") return SANDBOX_PATHS.pkg;
    if (HOST_FOLDERS.has(variable)) return SANDBOX_PATHS.scratch;
    if (variable === "/" || variable === "pathSeparator") return "/";
    if (!variable.startsWith("user_config.")) return undefined;
    const key = variable.slice("user_config.".length);
    const option = Object.hasOwn(options, key) ? options[key] : undefined;
    const given = option?.sensitive ? undefined : option?.default;
    if (given !== undefined) return Array.isArray(given) ? given.map(folders) : folders(String(given));
    if (!option?.required && !option?.sensitive) return "";
    placeholders.add(label === "command" || label === "" ? key : label);
    return PLACEHOLDER_VALUE;
  };
  const fill = (text: string, label = ""): string =>
    text.replace(VARIABLE, (whole, variable: string) => {
      const value = valueOf(variable, label);
      return value === undefined ? whole : [value].flat().join(",");
    });
  /** An argument that is one list-valued option alone becomes one argument per value. */
  const all = (arg: string): string[] => {
    const only = /^\$\{([^}]{1,200})\}$/.exec(arg);
    const value = only ? valueOf(only[1] as string, "") : undefined;
    return Array.isArray(value) ? value : [fill(arg)];
  };
  return Object.assign(fill, { all, placeholders });
}

/** A default may name a host folder itself ("${HOME}/Documents"). */
const folders = (text: string): string =>
  text.replace(VARIABLE, (whole, variable: string) =>
    HOST_FOLDERS.has(variable) ? SANDBOX_PATHS.scratch : whole,
  );
