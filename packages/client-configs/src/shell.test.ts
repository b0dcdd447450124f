import { execFileSync } from "node:child_process";
import { shellWord, type ShellPart } from "./shell.js";

/** What a real POSIX shell makes of the word, with TOKEN set in its environment. */
function parsed(parts: ShellPart[]): string {
  return execFileSync("sh", ["-c", `printf '%s' ${shellWord(parts)}`], {
    env: { PATH: process.env.PATH, TOKEN: "s3cr$t 'x'" },
    encoding: "utf8",
  });
}

describe("shell words", () => {
  it("leaves safe words bare and quotes the rest", () => {
    expect(shellWord(["@acme/mcp@1.4.0"])).toBe("@acme/mcp@1.4.0");
    expect(shellWord(["it's here"])).toBe(`'it'\\''s here'`);
    expect(parsed(["it's $HOME `x` \\ here"])).toBe("it's $HOME `x` \\ here");
  });

  it("expands placeholders from the environment inside double quotes", () => {
    expect(shellWord(["Authorization: Bearer ", { expand: "TOKEN" }])).toBe(
      '"Authorization: Bearer ${TOKEN}"',
    );
    expect(parsed(["Authorization: Bearer ", { expand: "TOKEN" }])).toBe("Authorization: Bearer s3cr$t 'x'");
  });

  it("mixes quoting when the literal text is special inside double quotes", () => {
    const parts: ShellPart[] = ['say "hi" $now! ', { expand: "TOKEN" }];
    expect(shellWord(parts)).toBe(`'say "hi" $now! '"\${TOKEN}"`);
    expect(parsed(parts)).toBe(`say "hi" $now! s3cr$t 'x'`);
  });
});
