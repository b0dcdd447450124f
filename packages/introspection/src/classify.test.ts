import { classifyEnding, type Ending } from "./classify.js";

const ending = (extra: Partial<Ending>): Ending => ({
  exitCode: 1,
  signal: null,
  stderr: [],
  deadlinePassed: false,
  placeholders: ["GITHUB_TOKEN"],
  ...extra,
});

describe("classifyEnding", () => {
  it("names the placeholder variable the server refused", () => {
    const verdict = classifyEnding(ending({ stderr: ["Error: GITHUB_TOKEN is required"] }));
    expect(verdict.outcome).toBe("needs_credentials");
    expect(verdict.reason).toContain("for GITHUB_TOKEN");
    expect(verdict.reason).toContain("Error: GITHUB_TOKEN is required");
  });

  it.each(["Missing API key", "401 Unauthorized", "Invalid credentials supplied", "no access token"])(
    "reads %s as a refusal for lack of credentials",
    (line) => expect(classifyEnding(ending({ stderr: [line] })).outcome).toBe("needs_credentials"),
  );

  it.each([
    "Usage: server <dir>",
    "error: missing required argument 'path'",
    "error: required option '--db' not specified",
  ])("reads %s as asking for arguments", (line) =>
    expect(classifyEnding(ending({ exitCode: 2, stderr: [line] })).outcome).toBe("needs_arguments"),
  );

  it("reads a secret variable said to be missing as a refusal for lack of credentials", () => {
    const line = "Error: Either BITBUCKET_TOKEN or BITBUCKET_USERNAME/PASSWORD is required";
    expect(classifyEnding(ending({ placeholders: [], stderr: [line] })).outcome).toBe("needs_credentials");
  });

  it.each([
    ["Run 'xcodebuildmcp mcp' to start the MCP server."],
    ["Or run the local stdio server directly with:", "railway mcp"],
    ["Please provide a database URL as a command-line argument"],
    ["Commands:", "  serve   Start the server"],
  ])("reads a command-line tool's usage (%s) as asking for arguments", (...lines) =>
    expect(classifyEnding(ending({ placeholders: [], stderr: lines })).outcome).toBe("needs_arguments"),
  );

  it.each([
    ["Error: Failed to load native binary for linux-x64."],
    ["Error: Cannot find module '/pkg/node_modules/x/build/Release/x.node'"],
    ["Error: getaddrinfo EAI_AGAIN registry.example.com"],
    ["TypeError: fetch failed"],
  ])("reads %s as a part the sandbox cannot give", (line) =>
    expect(classifyEnding(ending({ placeholders: [], stderr: [line] })).outcome).toBe(
      "not_introspectable_here",
    ),
  );

  it("reads a clean exit after printing text as a tool started without its subcommand; a silent one says only its code", () => {
    const banner = ["Welcome to the swarm", "For more, run init first"];
    expect(classifyEnding(ending({ exitCode: 0, placeholders: [], stderr: banner })).outcome).toBe(
      "needs_arguments",
    );
    expect(classifyEnding(ending({ exitCode: 0, placeholders: [], stderr: [] }))).toEqual({
      outcome: "start_failed",
      reason: "It exited with code 0 before listing its tools.",
    });
  });

  it("does not read a running server's banner as a usage message", () => {
    const lines = ["Starting MCP server", "running on stdio", "TypeError: x is not a function"];
    expect(classifyEnding(ending({ placeholders: [], stderr: lines })).outcome).toBe("start_failed");
  });

  it("does not read a syntax error's token as a credential", () => {
    expect(classifyEnding(ending({ stderr: ["SyntaxError: Unexpected token 'P'"] })).outcome).toBe(
      "start_failed",
    );
  });

  it("says the exit code or signal and the last lines of a plain failure", () => {
    expect(classifyEnding(ending({ stderr: ["TypeError: x is not a function"] }))).toEqual({
      outcome: "start_failed",
      reason: "It exited with code 1 before listing its tools. Last lines: TypeError: x is not a function",
    });
    expect(classifyEnding(ending({ exitCode: null, signal: "SIGSEGV" })).reason).toBe(
      "It was killed by SIGSEGV before listing its tools.",
    );
  });

  it("calls a server still running at the deadline timed out, whatever it printed", () => {
    expect(classifyEnding(ending({ deadlinePassed: true, stderr: ["GITHUB_TOKEN missing"] })).outcome).toBe(
      "timed_out",
    );
  });

  it("answers in linear time on a long hostile line", () => {
    const started = performance.now();
    classifyEnding(ending({ stderr: ["api".repeat(50_000) + " usage".repeat(50_000)] }));
    expect(performance.now() - started).toBeLessThan(500);
  });
});
