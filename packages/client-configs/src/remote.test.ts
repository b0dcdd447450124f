import { remoteEndpoint } from "./remote.js";

describe("remote endpoints", () => {
  it("names user-supplied headers after the server key and the header", () => {
    expect(
      remoteEndpoint(
        {
          type: "streamable-http",
          url: "https://mcp.x.dev/mcp",
          headers: [
            { name: "X-Workspace", isRequired: true, description: "Workspace id" },
            { name: "X-Api-Key", isRequired: true },
            { name: "X-Optional", description: "left out" },
          ],
        },
        0,
        "secret-keeper",
      ),
    ).toEqual({
      kind: "remote",
      index: 0,
      transport: "streamable-http",
      url: ["https://mcp.x.dev/mcp"],
      headers: [
        // The key's own wording ("secret") does not make a header a secret; the header's does.
        {
          name: "X-Workspace",
          value: [{ name: "SECRET_KEEPER_X_WORKSPACE", description: "Workspace id", secret: false }],
        },
        {
          name: "X-Api-Key",
          value: [{ name: "SECRET_KEEPER_X_API_KEY", description: "Value of X-Api-Key", secret: true }],
        },
      ],
    });
  });

  it("turns URL template variables into placeholders", () => {
    expect(
      remoteEndpoint(
        {
          type: "sse",
          url: "https://{tenant}.x.dev/sse",
          variables: { tenant: { description: "Your tenant", isRequired: true } },
        },
        1,
        "x",
      ),
    ).toMatchObject({
      transport: "sse",
      url: ["https://", { name: "TENANT", description: "Your tenant", secret: false }, ".x.dev/sse"],
    });
  });

  it("refuses a transport no client speaks", () => {
    expect(remoteEndpoint({ type: "websocket", url: "wss://x.dev/ws" }, 0, "x")).toEqual({
      refused: 'The remote wss://x.dev/ws uses the transport "websocket", which no client supports.',
    });
  });
});
