import { trustInput } from "../trust.fixtures.js";
import { templatedRemote } from "./templated-remote.js";

describe("templated_remote", () => {
  it("lists the templated remotes", () => {
    const remotes = [
      { url: "https://{tenant}.example.com/mcp", templated: true },
      { url: "https://mcp.example.com", templated: false },
    ];
    expect(templatedRemote.detect(trustInput({ remotes }))).toEqual({
      remotes: ["https://{tenant}.example.com/mcp"],
    });
  });
  it("is absent with fixed remotes only", () => {
    expect(
      templatedRemote.detect(trustInput({ remotes: [{ url: "https://x.example.com", templated: false }] })),
    ).toBeNull();
  });
});
