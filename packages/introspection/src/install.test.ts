import { classifyBundleFailure, classifyInstallFailure } from "./install.js";

describe("classifyInstallFailure of npm", () => {
  const npm = (name: string, version: string, output: string) =>
    classifyInstallFailure({ ecosystem: "npm", name, version, output });

  it("says the registry lacks the listed version", () => {
    const out = "npm error code ETARGET\nnpm error notarget No matching version found for left-pad@99.0.0.";
    expect(npm("left-pad", "99.0.0", out)).toMatchObject({
      outcome: "version_unavailable",
      reason: expect.stringContaining("does not serve left-pad@99.0.0"),
    });
  });

  it("reads a 404 of the listed package as unavailable, and of a dependency as a failed install", () => {
    const own = "npm error code E404\nnpm error 404  'ghost-pkg@1.0.0' is not in this registry.";
    expect(npm("ghost-pkg", "1.0.0", own).outcome).toBe("version_unavailable");
    const dep = "npm error code E404\nnpm error 404  'missing-dep@^2.0.0' is not in this registry.";
    expect(npm("real-pkg", "1.0.0", dep)).toMatchObject({
      outcome: "install_failed",
      reason: expect.stringContaining("could not install real-pkg@1.0.0"),
    });
  });
});

describe("classifyInstallFailure of pip", () => {
  const notFound =
    "ERROR: Could not find a version that satisfies the requirement weather-mcp==9.0 (from versions: 1.0)\nERROR: No matching distribution found for weather-mcp==9.0";
  const pip = (output: string, indexVersions?: string) =>
    classifyInstallFailure({ ecosystem: "pypi", name: "weather-mcp", version: "9.0", output, indexVersions });

  it("says the index lacks the listed version", () => {
    expect(pip(notFound, "weather-mcp (1.0)\nAvailable versions: 1.0")).toMatchObject({
      outcome: "version_unavailable",
      reason: expect.stringContaining("does not serve weather-mcp==9.0"),
    });
  });

  it("says a version the index holds but pip may not install (wheels only) is an sdist, not introspected", () => {
    expect(pip(notFound, "weather-mcp (9.0)\nAvailable versions: 9.0, 1.0")).toMatchObject({
      outcome: "not_introspectable_here",
      reason: expect.stringContaining("only as a source distribution"),
    });
  });

  it("reads an index it could not reach, and any other failure, as a failed install", () => {
    const unreachable = `WARNING: Retrying (Retry(total=0)) after connection broken by 'NewConnectionError(...)'\n${notFound}`;
    expect(pip(unreachable).outcome).toBe("install_failed");
    expect(
      pip("ERROR: Could not install packages due to an OSError: [Errno 28] No space left"),
    ).toMatchObject({
      outcome: "install_failed",
      reason: expect.stringContaining("pip could not install weather-mcp==9.0"),
    });
  });
});

describe("classifyBundleFailure", () => {
  const url = "https://example.com/weather.mcpb";

  it.each([
    [{ kind: "status", status: 404 }, "version_unavailable", "answers 404"],
    [{ kind: "status", status: 503 }, "install_failed", "answered 503"],
    [
      { kind: "sha256", expected: "aa", actual: "bb" },
      "version_unavailable",
      "its SHA-256 is bb, the listing's aa",
    ],
    [{ kind: "refused_url", detail: "Only https URLs can be checked." }, "not_introspectable_here", "https"],
    [{ kind: "too_large", maxBytes: 10 }, "not_introspectable_here", "larger than 10 bytes"],
    [
      { kind: "unpack", detail: 'its entry "../x" would be written outside its folder' },
      "not_introspectable_here",
      "outside its folder",
    ],
    [{ kind: "unreachable", detail: "ECONNRESET" }, "install_failed", "ECONNRESET"],
  ] as const)("reads %j as %s", (failure, outcome, reason) => {
    expect(classifyBundleFailure(url, failure)).toEqual({ outcome, reason: expect.stringContaining(reason) });
  });
});
