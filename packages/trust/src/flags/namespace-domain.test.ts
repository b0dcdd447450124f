import { trustInput } from "../trust.fixtures.js";
import { namespaceDomain } from "./namespace-domain.js";

describe("namespace_domain", () => {
  it("reverses a domain namespace into its domain", () => {
    expect(namespaceDomain.detect(trustInput({ namespace: "com.example.mcp" }))).toEqual({
      namespace: "com.example.mcp",
      domain: "mcp.example.com",
    });
  });
  it("is absent for io.github namespaces", () => {
    expect(namespaceDomain.detect(trustInput({ namespace: "io.github.alice" }))).toBeNull();
  });
});
