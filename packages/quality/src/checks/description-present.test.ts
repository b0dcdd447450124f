import { input, okProbe } from "../probe.fixtures.js";
import { descriptionPresent } from "./description-present.js";

describe("description_present", () => {
  it("passes on the catalog's description, else the server's own", () => {
    expect(descriptionPresent.run(input()).status).toBe("pass");
    expect(descriptionPresent.run(input({ description: null })).status).toBe("pass");
  });
  it("fails when neither says anything useful", () => {
    const silent = okProbe({ server_info: { name: "x", version: "1", title: null, description: null } });
    expect(descriptionPresent.run(input({ description: null, probe: silent }))).toEqual({
      status: "fail",
      detail: "The server gives no description.",
    });
    expect(descriptionPresent.run(input({ description: "Tools", probe: silent })).status).toBe("fail");
  });
});
