import { classifyInstallFailure } from "./install.js";

describe("classifyInstallFailure", () => {
  it("says the registry lacks the listed version", () => {
    const out = "npm error code ETARGET\nnpm error notarget No matching version found for left-pad@99.0.0.";
    expect(classifyInstallFailure("left-pad", "99.0.0", out)).toMatchObject({
      outcome: "version_unavailable",
      reason: expect.stringContaining("does not serve left-pad@99.0.0"),
    });
  });

  it("reads a 404 of the listed package as unavailable, and of a dependency as a failed install", () => {
    const own = "npm error code E404\nnpm error 404  'ghost-pkg@1.0.0' is not in this registry.";
    expect(classifyInstallFailure("ghost-pkg", "1.0.0", own).outcome).toBe("version_unavailable");
    const dep = "npm error code E404\nnpm error 404  'missing-dep@^2.0.0' is not in this registry.";
    expect(classifyInstallFailure("real-pkg", "1.0.0", dep)).toMatchObject({
      outcome: "install_failed",
      reason: expect.stringContaining("could not install real-pkg@1.0.0"),
    });
  });
});
