import type { ServerJson } from "@catalog/registry";
import { packageEndpoint } from "./connection.js";
import type { Endpoint } from "./endpoint.js";
import { remoteEndpoint } from "./remote.js";
import { endpointSteps } from "./steps.js";

const remote = (r: Parameters<typeof remoteEndpoint>[0], key = "opsera") =>
  remoteEndpoint(r, 0, key) as Endpoint;
const server = (packages: ServerJson["packages"]): ServerJson => ({
  name: "io.github.acme/acme",
  version: "1.0.0",
  description: "",
  packages,
});

describe("human steps of an endpoint", () => {
  it("names the variable a whole header is read from, and the form of an Authorization value", () => {
    expect(
      endpointSteps(
        remote({
          type: "streamable-http",
          url: "https://agent.opsera.ai/mcp",
          headers: [{ name: "Authorization", isRequired: true, isSecret: true, description: "Opsera token" }],
        }),
      ),
    ).toEqual([
      'Obtain a credential for agent.opsera.ai and set OPSERA_AUTHORIZATION to the whole Authorization header value, for example "Bearer <token>": Opsera token',
    ]);
  });

  it("names the variable inside a templated header and shows the header it fills", () => {
    expect(
      endpointSteps(
        remote({
          type: "streamable-http",
          url: "https://server.smithery.ai/@acme/x/mcp",
          headers: [
            { name: "Authorization", value: "Bearer {smithery_api_key}", description: "Smithery key" },
          ],
        }),
      ),
    ).toEqual([
      "Obtain a credential for server.smithery.ai and set SMITHERY_API_KEY: Smithery key (sent as the header Authorization: Bearer <SMITHERY_API_KEY>)",
    ]);
  });

  it("names the part of the URL to fill in", () => {
    expect(
      endpointSteps(
        remote({
          type: "streamable-http",
          url: "https://{tenant}.helpdesk.example.com/mcp",
          variables: { tenant: { description: "Your helpdesk subdomain" } },
        }),
      ),
    ).toEqual([
      "Set TENANT, the <TENANT> part of the server URL https://<TENANT>.helpdesk.example.com/mcp: Your helpdesk subdomain",
    ]);
  });

  it("asks nothing for optional inputs, secret or not", () => {
    const endpoint = packageEndpoint(
      server([
        {
          registryType: "npm",
          identifier: "@acme/mcp",
          environmentVariables: [
            { name: "ACME_TOKEN", isSecret: true, description: "Optional token" },
            { name: "ACME_KEY", isRequired: true, isSecret: true, description: "API key" },
          ],
        },
      ]),
      0,
      "acme",
    ) as Endpoint;
    expect(endpointSteps(endpoint)).toEqual(["Set ACME_KEY: API key"]);
  });

  it("says how to start a package that serves HTTP, and names each withheld option", () => {
    const served = packageEndpoint(
      server([
        {
          registryType: "oci",
          identifier: "ghcr.io/acme/mcp:1.0.0",
          transport: { type: "streamable-http", url: "http://localhost:8080/mcp" },
          runtimeArguments: [
            { type: "named", name: "-p", value: "8080:8080" },
            { type: "named", name: "--privileged" },
          ],
        },
      ]),
      0,
      "acme",
    ) as Endpoint;
    expect(endpointSteps(served)).toEqual([
      "Start the server yourself with `docker run -i --rm -p 8080:8080 ghcr.io/acme/mcp:1.0.0`; it serves MCP at http://localhost:8080/mcp",
      "Decide on --privileged: the publisher asks for it, but it gives the container every capability and the host's devices, so the config leaves it out; add it by hand only if you trust the publisher",
    ]);
  });

  it("offers the bundle for each platform", () => {
    const files = ["darwin_arm64", "linux_amd64"].map((p) => ({
      registryType: "mcpb",
      identifier: `https://x.dev/cq_${p}.mcpb`,
      fileSha256: "ab",
    }));
    expect(endpointSteps(packageEndpoint(server(files), 0, "acme") as Endpoint)).toEqual([
      "Download the bundle for your platform (macos-arm64, linux-x64), check its SHA-256 and open it with Claude Desktop",
    ]);
  });
});
