import { PackageSchema } from "@catalog/registry";
import { planLaunch } from "./index.js";

describe("a oci listing", () => {
  it("is not introspectable here, and says why", () => {
    const planned = planLaunch(
      PackageSchema.parse({ registryType: "oci", identifier: "example", version: "1.0.0" }),
    );
    expect(planned).toEqual({
      notHere: { outcome: "not_introspectable_here", reason: expect.stringContaining("container registry") },
    });
  });
});
