import { PackageSchema } from "@catalog/registry";
import { PLACEHOLDER_VALUE } from "../placeholders.js";
import type { LaunchPlan } from "../plan.js";
import { planLaunch } from "./index.js";
import { chooseScript, consoleScripts, pypiLaunch } from "./pypi.js";

const pkg = (extra: Record<string, unknown>) =>
  PackageSchema.parse({ registryType: "pypi", identifier: "mcp-server-weather", version: "0.6.2", ...extra });

describe("a pypi listing", () => {
  it("installs the listed version and starts with its arguments and environment, placeholders named", () => {
    const planned = planLaunch(
      pkg({
        runtimeArguments: [{ type: "named", name: "--from", value: "other" }],
        packageArguments: [{ type: "named", name: "--root", isRequired: true }],
        environmentVariables: [{ name: "WEATHER_API_KEY", isRequired: true, isSecret: true }],
      }),
    );
    expect(planned).toEqual({
      launch: {
        ecosystem: "pypi",
        name: "mcp-server-weather",
        version: "0.6.2",
        args: ["--root", PLACEHOLDER_VALUE],
        env: { WEATHER_API_KEY: PLACEHOLDER_VALUE },
        placeholders: ["WEATHER_API_KEY", "--root"],
      },
    });
  });

  it.each([
    [{ identifier: "../../etc" }, "not a valid PyPI distribution name"],
    [{ identifier: "mcp server" }, "not a valid PyPI distribution name"],
    [{ version: undefined }, "not an exact version"],
    [{ version: ">=1.0" }, "not an exact version"],
    [{ version: "1.0+local" }, "not an exact version"],
    [{ transport: { type: "sse", url: "http://localhost:8000/sse" } }, "over sse"],
  ])("leaves %j to others: %s", (extra, reason) => {
    const planned = planLaunch(pkg(extra));
    expect(planned).toMatchObject({ notHere: { outcome: "not_introspectable_here" } });
    expect("notHere" in planned && planned.notHere.reason).toContain(reason);
  });

  it.each(["1.0", "2025.1.14", "1.0.0rc1", "0.6.2.post1", "1!2.0.dev3"])(
    "takes %s as an exact version",
    (version) => {
      expect(planLaunch(pkg({ version }))).toHaveProperty("launch.version", version);
    },
  );
});

describe("consoleScripts", () => {
  it("reads the console scripts of entry_points.txt, and only them", () => {
    const text = [
      "[console_scripts]",
      "mcp-server-weather = mcp_server_weather:main",
      "weather-admin=mcp_server_weather.admin:cli.run [admin]",
      "broken = not a reference",
      "module-only = mcp_server_weather",
      "",
      "[gui_scripts]",
      "weather-gui = mcp_server_weather.gui:main",
    ].join("\r\n");
    expect(consoleScripts(text)).toEqual(
      new Map([
        ["mcp-server-weather", "mcp_server_weather:main"],
        ["weather-admin", "mcp_server_weather.admin:cli.run"],
      ]),
    );
  });

  it("reads hostile text in linear time", () => {
    const hostile = `[console_scripts]\n${" ".repeat(200_000)}x${"=".repeat(5)}${" :".repeat(100_000)}\n`;
    expect(consoleScripts(hostile).size).toBe(0);
  });
});

describe("chooseScript", () => {
  it("takes the one named as the package (as given, else normalised), else the only one, as uvx does", () => {
    expect(chooseScript("mcp-server-weather", ["admin", "mcp-server-weather"])).toBe("mcp-server-weather");
    expect(chooseScript("MCP_Server.Weather", ["admin", "mcp-server-weather"])).toBe("mcp-server-weather");
    expect(chooseScript("mcp-server-weather", ["weather"])).toBe("weather");
    expect(chooseScript("mcp-server-weather", ["a", "b"])).toBeNull();
    expect(chooseScript("mcp-server-weather", [])).toBeNull();
  });
});

describe("pypiLaunch", () => {
  const plan: LaunchPlan = {
    ecosystem: "pypi",
    name: "mcp-server-weather",
    version: "0.6.2",
    args: ["--x"],
    placeholders: [],
    env: {},
  };

  it("starts the chosen script's object with the sandbox's Python, the package on PYTHONPATH", () => {
    const started = pypiLaunch(
      { ...plan, env: { PYTHONPATH: "/elsewhere", KEY: "v" } },
      "[console_scripts]\nmcp-server-weather = mcp_server_weather:main\n",
    );
    expect(started).toEqual({
      launch: {
        argv: [
          "/python/bin/python3",
          "-s",
          "-c",
          expect.stringContaining("importlib"),
          "mcp_server_weather:main",
          "mcp-server-weather",
          "--x",
        ],
        env: { KEY: "v", PYTHONPATH: "/pkg", PYTHONDONTWRITEBYTECODE: "1" },
        placeholders: [],
      },
    });
  });

  it("says a distribution without a console script cannot start", () => {
    expect(pypiLaunch({ ...plan, env: {} }, null)).toEqual({
      notStarted: { outcome: "start_failed", reason: expect.stringContaining("no console script") },
    });
  });
});
