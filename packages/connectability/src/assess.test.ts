import type { ServerJson } from "@catalog/registry";
import { assessConnectability } from "./assess.js";

const server = (parts: Partial<ServerJson>): ServerJson => ({
  name: "com.example/acme",
  version: "1.0.0",
  description: "",
  ...parts,
});
const REMOTE = { type: "streamable-http", url: "https://mcp.example.com/mcp" };

describe("assessConnectability", () => {
  it("never guesses R0 for a remote that was not probed and declares no credential", () => {
    const c = assessConnectability(server({ remotes: [REMOTE] }));
    expect(c).toMatchObject({ class: "unknown", autonomous: false, via: null });
  });

  it("R0 once a probe saw the remote answer without credentials", () => {
    const c = assessConnectability(server({ remotes: [REMOTE] }), [{ url: REMOTE.url, outcome: "ok" }]);
    expect(c).toMatchObject({
      class: "R0",
      autonomous: true,
      human_steps: [],
      via: { kind: "remote", index: 0 },
    });
  });

  it("R1 for OAuth a client can complete alone (metadata plus CIMD or dynamic registration)", () => {
    const oauth = {
      protectedResourceMetadata: true,
      authorizationServerMetadata: true,
      clientIdMetadataDocument: false,
      dynamicRegistration: true,
    };
    const c = assessConnectability(server({ remotes: [REMOTE] }), [
      { url: REMOTE.url, outcome: "auth_required", oauth },
    ]);
    expect(c.class).toBe("R1");
    expect(c.autonomous).toBe(false);
    expect(c.human_steps).toEqual(["Sign in to mcp.example.com in the browser window that opens"]);
  });

  it("R2 for OAuth without automatic client registration", () => {
    const oauth = {
      protectedResourceMetadata: true,
      authorizationServerMetadata: true,
      clientIdMetadataDocument: false,
      dynamicRegistration: false,
      authorizationServer: "https://login.example.com",
    };
    const c = assessConnectability(server({ remotes: [REMOTE] }), [
      { url: REMOTE.url, outcome: "auth_required", oauth },
    ]);
    expect(c.class).toBe("R2");
    expect(c.human_steps[0]).toContain("login.example.com");
  });

  it("R2 for a required secret header, without any probe", () => {
    const remote = {
      ...REMOTE,
      headers: [
        { name: "X-Api-Key", isRequired: true, isSecret: true, description: "Key from the dashboard" },
      ],
    };
    const c = assessConnectability(server({ remotes: [remote] }));
    expect(c.class).toBe("R2");
    expect(c.human_steps[0]).toContain("X-Api-Key");
  });

  it("R2 for a templated URL", () => {
    const remote = {
      type: "streamable-http",
      url: "https://{tenant}.example.com/mcp",
      variables: { tenant: { description: "Your tenant" } },
    };
    const c = assessConnectability(server({ remotes: [remote] }));
    expect(c.class).toBe("R2");
    expect(c.human_steps).toEqual([
      "Set TENANT, the <TENANT> part of the server URL https://<TENANT>.example.com/mcp: Your tenant",
    ]);
  });

  it("R2 for an optional templated header, as its config requires the variable", () => {
    // The header every Smithery listing declares, without isRequired.
    const remote = {
      ...REMOTE,
      headers: [{ name: "Authorization", value: "Bearer {smithery_api_key}", description: "Smithery key" }],
    };
    const c = assessConnectability(server({ remotes: [remote] }));
    expect(c).toMatchObject({ class: "R2", autonomous: false });
    expect(c.human_steps[0]).toContain("set SMITHERY_API_KEY");
  });

  it("an optional header or variable, secret or not, asks nothing and leaves the class to the probe", () => {
    const remote = {
      ...REMOTE,
      headers: [{ name: "X-Api-Key", isSecret: true, description: "Optional key" }],
    };
    expect(assessConnectability(server({ remotes: [remote] })).class).toBe("unknown");
    const pkg = {
      registryType: "npm",
      identifier: "@acme/mcp",
      environmentVariables: [{ name: "ACME_TOKEN", isSecret: true, description: "Optional token" }],
    };
    expect(assessConnectability(server({ packages: [pkg] }))).toMatchObject({
      class: "L0",
      autonomous: true,
      human_steps: [],
    });
  });

  it("a package that serves HTTP is L0 that a human starts, never autonomous", () => {
    const pkg = {
      registryType: "oci",
      identifier: "ghcr.io/acme/mcp:1.0.0",
      transport: { type: "streamable-http", url: "http://localhost:8080/mcp" },
    };
    const c = assessConnectability(server({ packages: [pkg] }));
    expect(c).toMatchObject({ class: "L0", autonomous: false, via: { kind: "package", index: 0 } });
    expect(c.human_steps[0]).toMatch(/^Start the server yourself with `docker run/);
  });

  it("a package whose publisher asks for host access is not autonomous, and the step names it", () => {
    const pkg = {
      registryType: "oci",
      identifier: "ghcr.io/acme/mcp:1.0.0",
      runtimeArguments: [{ type: "named", name: "--network", value: "host" }],
    };
    const c = assessConnectability(server({ packages: [pkg] }));
    expect(c).toMatchObject({ class: "L0", autonomous: false });
    expect(c.human_steps[0]).toMatch(/^Decide on --network host/);
  });

  it("a package no config can launch (another registry) is no candidate", () => {
    const pkg = { registryType: "npm", identifier: "x", registryBaseUrl: "https://npm.acme.dev" };
    expect(assessConnectability(server({ packages: [pkg] })).class).toBe("unknown");
  });

  it("L0 for a package; autonomous only without a required secret", () => {
    const free = assessConnectability(
      server({ packages: [{ registryType: "npm", identifier: "@acme/mcp", version: "1.0.0" }] }),
    );
    expect(free).toMatchObject({ class: "L0", autonomous: true, human_steps: [] });
    const secret = assessConnectability(
      server({
        packages: [
          {
            registryType: "pypi",
            identifier: "acme-mcp",
            environmentVariables: [
              { name: "ACME_TOKEN", isRequired: true, isSecret: true, description: "API token" },
            ],
          },
        ],
      }),
    );
    expect(secret).toMatchObject({
      class: "L0",
      autonomous: false,
      human_steps: ["Set ACME_TOKEN: API token"],
    });
  });

  it("prefers a working remote over a package, and a package over a remote needing a credential", () => {
    const pkg = { registryType: "npm", identifier: "@acme/mcp" };
    const working = assessConnectability(server({ remotes: [REMOTE], packages: [pkg] }), [
      { url: REMOTE.url, outcome: "ok" },
    ]);
    expect(working.class).toBe("R0");
    const secretRemote = {
      ...REMOTE,
      headers: [{ name: "Authorization", isRequired: true, isSecret: true }],
    };
    expect(assessConnectability(server({ remotes: [secretRemote], packages: [pkg] })).class).toBe("L0");
    expect(assessConnectability(server({ remotes: [REMOTE], packages: [pkg] })).class).toBe("L0");
  });

  it("a remote that does not speak MCP does not count as working", () => {
    const c = assessConnectability(server({ remotes: [REMOTE] }), [{ url: REMOTE.url, outcome: "not_mcp" }]);
    expect(c.class).toBe("unknown");
  });

  it("prefers streamable HTTP over SSE between equal remotes", () => {
    const sse = { type: "sse", url: "https://mcp.example.com/sse" };
    const c = assessConnectability(server({ remotes: [sse, REMOTE] }), [
      { url: sse.url, outcome: "ok" },
      { url: REMOTE.url, outcome: "ok" },
    ]);
    expect(c.via).toMatchObject({ kind: "remote", type: "streamable-http" });
  });

  it("unknown without any remote or package", () => {
    expect(assessConnectability(server({}))).toMatchObject({
      class: "unknown",
      reason: "No usable remote or package.",
    });
  });

  describe("with the packages' introspections", () => {
    const npm = { registryType: "npm", identifier: "@acme/mcp", version: "1.0.0" };
    const other = { registryType: "npm", identifier: "@acme/mcp-lite", version: "2.0.0" };
    const seen = (pkg: typeof npm, outcome: string, toolCount = 0) => ({
      ...pkg,
      outcome,
      detail: `It ended with ${outcome}.`,
      toolCount,
    });

    it("a package that listed its tools says so and goes before one never started", () => {
      const c = assessConnectability(server({ packages: [npm, other] }), [], [seen(other, "tools", 3)]);
      expect(c).toMatchObject({ class: "L0", autonomous: true, via: { identifier: "@acme/mcp-lite" } });
      expect(c.reason).toMatch(/listed 3 tools\.$/);
    });

    it("one that could not start as listed goes after the others and says why", () => {
      const c = assessConnectability(server({ packages: [npm] }), [], [seen(npm, "start_failed")]);
      expect(c).toMatchObject({ class: "L0", autonomous: true });
      expect(c.reason).toMatch(/did not start in the catalog's sandbox: It ended with start_failed\.$/);
      const both = assessConnectability(
        server({ packages: [npm, other] }),
        [],
        [seen(npm, "needs_arguments")],
      );
      expect(both.via).toMatchObject({ identifier: "@acme/mcp-lite" });
    });

    it("one that refused without real values needs credentials even where none is declared", () => {
      const c = assessConnectability(server({ packages: [npm] }), [], [seen(npm, "needs_credentials")]);
      expect(c.autonomous).toBe(false);
      expect(c.human_steps).toEqual([expect.stringMatching(/refused to start without them/)]);
    });

    it("passing failures and another version's evidence change nothing", () => {
      const plain = assessConnectability(server({ packages: [npm] }));
      for (const e of [
        seen(npm, "timed_out"),
        seen(npm, "install_failed"),
        { ...seen(npm, "tools", 2), version: "0.9.0" },
      ])
        expect(assessConnectability(server({ packages: [npm] }), [], [e])).toEqual(plain);
    });
  });
});
