import { loadConfig } from "./index.js";
import { integrationStates } from "./integrations.js";

describe("integration switches", () => {
  it("are on by default and each turns off on its own", () => {
    expect(integrationStates(loadConfig({}))).toEqual({
      registry_mirror: "on",
      dependencies: "on",
      scheduled_probes: "on",
    });
    expect(integrationStates(loadConfig({ DEPENDENCIES_ENABLED: "false" }))).toEqual({
      registry_mirror: "on",
      dependencies: "off",
      scheduled_probes: "on",
    });
    const airGapped = loadConfig({
      MIRROR_ENABLED: "0",
      DEPENDENCIES_ENABLED: "false",
      SCHEDULED_PROBES_ENABLED: "false",
    });
    expect(Object.values(integrationStates(airGapped))).toEqual(["off", "off", "off"]);
  });
});
