import { PackageSchema } from "@catalog/registry";
import { PLACEHOLDER_VALUE } from "../placeholders.js";
import type { LaunchPlan } from "../plan.js";
import { chooseBin, npmLaunch, planNpm } from "./npm.js";

const pkg = (extra: Record<string, unknown>) =>
  PackageSchema.parse({ registryType: "npm", identifier: "@acme/weather-mcp", version: "1.2.3", ...extra });

describe("planNpm", () => {
  it("installs the listed version and starts with its arguments and environment, placeholders named", () => {
    const planned = planNpm(
      pkg({
        transport: { type: "stdio" },
        runtimeArguments: [{ type: "named", name: "--yes" }],
        packageArguments: [
          { type: "positional", value: "serve" },
          { type: "named", name: "--port", default: "8080" },
          { type: "named", name: "--root", isRequired: true, valueHint: "directory" },
          { type: "named", name: "--verbose" },
        ],
        environmentVariables: [
          { name: "WEATHER_API_KEY", isRequired: true, isSecret: true, default: "sk-should-not-be-used" },
          { name: "REGION", isRequired: true, default: "eu" },
          { name: "OPTIONAL_SECRET", isSecret: true },
          { name: "FIXED", value: "1" },
        ],
      }),
    );
    expect(planned).toEqual({
      launch: {
        ecosystem: "npm",
        name: "@acme/weather-mcp",
        version: "1.2.3",
        args: ["serve", "--port", "8080", "--root", PLACEHOLDER_VALUE],
        env: { WEATHER_API_KEY: PLACEHOLDER_VALUE, REGION: "eu", FIXED: "1" },
        placeholders: ["WEATHER_API_KEY", "--root"],
      },
    });
  });

  it("gives a templated value a placeholder and installs the newest when no version is named", () => {
    const planned = planNpm(
      pkg({ version: undefined, packageArguments: [{ type: "positional", value: "{dir}" }] }),
    );
    expect(planned).toMatchObject({
      launch: { version: null, args: [PLACEHOLDER_VALUE], placeholders: ["argument 1"] },
    });
  });

  it.each([
    [{ identifier: "Not A Name" }, "not a valid npm package name"],
    [{ identifier: "../../etc" }, "not a valid npm package name"],
    [{ version: "^1.0.0" }, "not an exact version"],
    [{ version: "latest" }, "not an exact version"],
    [{ transport: { type: "streamable-http", url: "http://localhost:3000/mcp" } }, "over streamable-http"],
  ])("leaves %j to others: %s", (extra, reason) => {
    const planned = planNpm(pkg(extra));
    expect(planned).toMatchObject({ notHere: { outcome: "not_introspectable_here" } });
    expect("notHere" in planned && planned.notHere.reason).toContain(reason);
  });
});

describe("chooseBin", () => {
  it("takes the only bin, else the one named as the package, as npx does", () => {
    expect(chooseBin("@acme/weather-mcp", "./cli.js")).toBe("weather-mcp");
    expect(chooseBin("@acme/weather-mcp", { whatever: "./a.js" })).toBe("whatever");
    expect(chooseBin("@acme/weather-mcp", { other: "./a.js", "weather-mcp": "./b.js" })).toBe("weather-mcp");
    expect(chooseBin("@acme/weather-mcp", { a: "./a.js", b: "./b.js" })).toBeNull();
    expect(chooseBin("x", undefined)).toBeNull();
  });

  it("names a bin as npm links it: its last path segment", () => {
    expect(chooseBin("@brightdata/mcp", { "@brightdata/mcp": "./server.js" })).toBe("mcp");
    expect(chooseBin("@acme/weather-mcp", { "tools/weather-mcp": "./a.js", b: "./b.js" })).toBe(
      "weather-mcp",
    );
  });
});

describe("npmLaunch", () => {
  const plan: LaunchPlan = {
    ecosystem: "npm",
    name: "@acme/weather-mcp",
    version: "1.2.3",
    args: ["serve"],
    env: { A: "1" },
    placeholders: ["A"],
  };

  it("starts the chosen bin from the package's node_modules/.bin in the sandbox", () => {
    expect(npmLaunch(plan, { "weather-mcp": "./cli.js", other: "./o.js" })).toEqual({
      launch: { argv: ["/pkg/node_modules/.bin/weather-mcp", "serve"], env: { A: "1" }, placeholders: ["A"] },
    });
    expect(npmLaunch(plan, undefined)).toEqual({
      notStarted: { outcome: "start_failed", reason: expect.stringContaining("declares no bin") },
    });
  });
});

describe("planLaunch", () => {
  it("dispatches npm to its planner and names an unknown registry type", async () => {
    const { planLaunch } = await import("./index.js");
    expect(planLaunch(pkg({}))).toHaveProperty("launch.name", "@acme/weather-mcp");
    expect(planLaunch(pkg({ registryType: "cargo" }))).toEqual({
      notHere: {
        outcome: "not_introspectable_here",
        reason: '"cargo" is not a registry type introspection knows.',
      },
    });
  });
});
