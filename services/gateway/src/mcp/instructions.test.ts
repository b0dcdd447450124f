import { ACTION_NAMES, CONNECTION_CLASSES } from "@catalog/contracts";
import { INSTRUCTIONS } from "./instructions.js";

describe("MCP server instructions", () => {
  // Codex reads only the first 512 characters: the first paragraph says it all.
  const head = INSTRUCTIONS.split("\n\n")[0] ?? "";

  it("state the flow and the connection classes within the first 512 characters", () => {
    expect(head.length).toBeLessThanOrEqual(512);
    for (const tool of ACTION_NAMES) expect(head).toContain(`${tool} {`);
    for (const c of CONNECTION_CLASSES) expect(head).toMatch(new RegExp(`\\b${c}\\b`));
    expect(head.indexOf("search {")).toBeLessThan(head.indexOf("get_server {"));
    expect(head.indexOf("get_server {")).toBeLessThan(head.indexOf("get_connection {"));
  });

  it("explain every class further on", () => {
    const detail = INSTRUCTIONS.split("\n\n")[1] ?? "";
    expect(detail).toMatch(/R1 remote behind OAuth/);
    expect(detail).toMatch(/L0 local package \(npm, PyPI, OCI, NuGet, MCPB\)/);
  });
});
