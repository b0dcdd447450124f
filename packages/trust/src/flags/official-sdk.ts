import type { TrustFlagDefinition } from "../types.js";

export const officialSdk: TrustFlagDefinition = {
  flag: "official_sdk",
  weight: 5,
  meaning:
    "A package's resolved dependency graph holds the official MCP SDK (@modelcontextprotocol/sdk on npm, mcp on PyPI): the protocol is handled by maintained code.",
  detect: ({ sdk }) =>
    sdk ? { ecosystem: sdk.ecosystem, package: sdk.package, version: sdk.version, via: sdk.via } : null,
};
