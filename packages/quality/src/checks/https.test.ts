import { input, okProbe } from "../probe.fixtures.js";
import { https } from "./https.js";

describe("https", () => {
  it("passes when the URL and every redirect are https", () => {
    expect(https.run(input()).status).toBe("pass");
  });
  it("fails on plain http anywhere on the way", () => {
    expect(https.run(input({ probe: okProbe({ url: "http://mcp.example.com/mcp" }) })).status).toBe("fail");
    const redirects = [
      { from: "https://mcp.example.com/mcp", to: "http://other.example.com/mcp", status: 302 },
    ];
    expect(https.run(input({ probe: okProbe({ redirects }) }))).toEqual({
      status: "fail",
      detail: "Not https: http://other.example.com/mcp.",
    });
  });
});
