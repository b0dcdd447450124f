import { PackageSchema } from "@catalog/registry";
import { planLaunch } from "./index.js";

describe("a nuget listing", () => {
  it("is not introspectable here, and says why", () => {
    const planned = planLaunch(
      PackageSchema.parse({ registryType: "nuget", identifier: "example", version: "1.0.0" }),
    );
    expect(planned).toEqual({
      notHere: { outcome: "not_introspectable_here", reason: expect.stringContaining("nuget.org") },
    });
  });
});
