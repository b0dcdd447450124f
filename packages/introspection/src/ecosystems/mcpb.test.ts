import { PackageSchema } from "@catalog/registry";
import { PLACEHOLDER_VALUE } from "../placeholders.js";
import type { LaunchPlan } from "../plan.js";
import { planLaunch } from "./index.js";
import { mcpbLaunch } from "./mcpb.js";

const SHA = "a".repeat(64);
const URL_ = "https://github.com/acme/weather/releases/download/v1.0.0/weather.mcpb";
const pkg = (extra: Record<string, unknown>) =>
  PackageSchema.parse({
    registryType: "mcpb",
    identifier: URL_,
    version: "1.0.0",
    fileSha256: SHA,
    ...extra,
  });

describe("a mcpb listing", () => {
  it("downloads the bundle at its URL, to be verified against its SHA-256", () => {
    expect(planLaunch(pkg({ environmentVariables: [{ name: "REGION", default: "eu" }] }))).toEqual({
      launch: {
        ecosystem: "mcpb",
        name: URL_,
        version: "1.0.0",
        sha256: SHA,
        args: [],
        env: { REGION: "eu" },
        placeholders: [],
      },
    });
  });

  it.each([
    [{ fileSha256: undefined }, "no valid fileSha256"],
    [{ fileSha256: "abc" }, "no valid fileSha256"],
    [{ identifier: "weather.mcpb" }, "not a bundle's download URL"],
    [{ identifier: "file:///etc/passwd" }, "not a bundle's download URL"],
  ])("leaves %j alone: %s", (extra, reason) => {
    const planned = planLaunch(pkg(extra));
    expect(planned).toMatchObject({ notHere: { outcome: "not_introspectable_here" } });
    expect("notHere" in planned && planned.notHere.reason).toContain(reason);
  });
});

describe("mcpbLaunch", () => {
  const plan: LaunchPlan = {
    ecosystem: "mcpb",
    name: URL_,
    version: "1.0.0",
    sha256: SHA,
    args: ["--listed"],
    env: { LISTED: "1" },
    placeholders: [],
  };
  const manifest = (server: Record<string, unknown>, userConfig: Record<string, unknown> = {}) =>
    JSON.stringify({ manifest_version: "0.3", name: "weather", server, user_config: userConfig });

  it("starts a node bundle with the sandbox's Node, its variables filled, required options given named placeholders", () => {
    const text = manifest(
      {
        type: "node",
        entry_point: "server/index.js",
        mcp_config: {
          command: "node",
          args: [
            "${__dirname}/server/index.js",
            "--root=${user_config.root}",
            "${user_config.dirs}",
            "${user_config.verbose}",
          ],
          env: { WEATHER_API_KEY: "${user_config.api_key}", CACHE: "${HOME}${/}cache", OTHER: "${unknown}" },
          platform_overrides: { linux: { env: { LINUX: "yes" } }, win32: { command: "node.exe" } },
        },
      },
      {
        api_key: { type: "string", sensitive: true, required: true, default: "sk-never-used" },
        root: { type: "directory", required: true },
        dirs: { type: "directory", multiple: true, default: ["${HOME}/a", "/b"] },
        verbose: { type: "boolean" },
      },
    );
    expect(mcpbLaunch(plan, text)).toEqual({
      launch: {
        argv: [
          "/node/bin/node",
          "/pkg/server/index.js",
          `--root=${PLACEHOLDER_VALUE}`,
          "/scratch/a",
          "/b",
          "",
          "--listed",
        ],
        env: {
          WEATHER_API_KEY: PLACEHOLDER_VALUE,
          CACHE: "/scratch/cache",
          OTHER: "${unknown}",
          LINUX: "yes",
          LISTED: "1",
        },
        placeholders: ["WEATHER_API_KEY", "root"],
      },
    });
  });

  it("starts a python bundle with the sandbox's Python", () => {
    const text = manifest({
      type: "python",
      mcp_config: {
        command: "python3",
        args: ["${__dirname}/server/main.py"],
        env: { PYTHONPATH: "${__dirname}/server/lib" },
      },
    });
    expect(mcpbLaunch(plan, text)).toMatchObject({
      launch: {
        argv: ["/python/bin/python3", "/pkg/server/main.py", "--listed"],
        env: { PYTHONPATH: "/pkg/server/lib", PYTHONDONTWRITEBYTECODE: "1" },
      },
    });
  });

  it.each([
    [
      manifest({ type: "binary", mcp_config: { command: "${__dirname}/server/weather" } }),
      "not_introspectable_here",
      "native binary",
    ],
    [manifest({ type: "uv", mcp_config: { command: "uv" } }), "not_introspectable_here", "network"],
    [manifest({ type: "ruby", mcp_config: { command: "ruby" } }), "start_failed", "not one MCPB defines"],
    [manifest({ type: "node" }), "start_failed", "does not say how to start it"],
    ["{not json", "start_failed", "not valid JSON"],
    [null, "start_failed", "no manifest.json"],
  ])("says why %s is not started", (text, outcome, reason) => {
    expect(mcpbLaunch(plan, text)).toEqual({
      notStarted: { outcome, reason: expect.stringContaining(reason) },
    });
  });

  it("fills hostile text in linear time", () => {
    const arg = "${".repeat(100_000) + "x".repeat(100_000);
    const text = manifest({ type: "node", mcp_config: { command: "node", args: [arg.slice(0, 10_000)] } });
    expect(mcpbLaunch(plan, text)).toHaveProperty("launch.argv.1", arg.slice(0, 10_000));
  });
});
