import type { ServerJson } from "@catalog/registry";
import { gemini } from "./gemini.js";

const named = (name: string) => ({ name, server: { name, description: "d", version: "1" } as ServerJson });

test("allows the servers by the keys the catalog's configs give them, sorted and once each", () => {
  const out = gemini({
    registryUrl: "https://catalog.example/views/v",
    servers: [
      named("io.github.acme/weather-mcp"),
      named("com.acme/files"),
      named("io.github.acme/weather-mcp"),
    ],
  });
  expect(out.file).toEqual({ mcp: { allowed: ["files", "weather-mcp"] } });
  expect(out.paths.linux).toBe("/etc/gemini-cli/settings.json");
});
