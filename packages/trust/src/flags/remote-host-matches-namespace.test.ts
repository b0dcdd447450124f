import { trustInput } from "../trust.fixtures.js";
import { remoteHostMatchesNamespace as flag } from "./remote-host-matches-namespace.js";

describe("remote_host_matches_namespace", () => {
  it("matches a remote on the domain or a subdomain", () => {
    const input = trustInput({ remotes: [{ url: "https://mcp.example.com/mcp", templated: false }] });
    expect(flag.detect(input)).toEqual({ remote: "https://mcp.example.com/mcp", host: "mcp.example.com" });
  });
  it("does not match a look-alike host or a templated remote", () => {
    expect(
      flag.detect(trustInput({ remotes: [{ url: "https://evilexample.com/mcp", templated: false }] })),
    ).toBeNull();
    expect(
      flag.detect(trustInput({ remotes: [{ url: "https://{tenant}.example.com/mcp", templated: true }] })),
    ).toBeNull();
  });
  it("matches <owner>.github.io for io.github.<owner>", () => {
    const input = trustInput({
      namespace: "io.github.alice",
      remotes: [{ url: "https://alice.github.io/mcp", templated: false }],
    });
    expect(flag.detect(input)).toEqual({ remote: "https://alice.github.io/mcp", host: "alice.github.io" });
  });
});
