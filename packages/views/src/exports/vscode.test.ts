import { vscode } from "./vscode.js";

test("points VS Code's registry policies at the view and restricts servers to it", () => {
  const out = vscode({ registryUrl: "https://catalog.example/views/verified", servers: [] });
  expect(out.file).toEqual({
    "chat.mcp.gallery.serviceUrl": "https://catalog.example/views/verified",
    "chat.mcp.access": "registry",
  });
  expect(out.notes.join(" ")).toContain("https://catalog.example/views/verified");
});

test("follows GitHub's current recommendation for Copilot: the allow-list, not Registry only", () => {
  const notes = vscode({ registryUrl: "https://catalog.example/views/v", servers: [] }).notes.join(" ");
  expect(notes).toMatch(/client copilot/);
  expect(notes).toMatch(/turn OFF "Restrict MCP access to registry servers"/);
  expect(notes).not.toMatch(/with the "Registry only" policy/);
});
