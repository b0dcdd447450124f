import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULT_SANDBOX_LIMITS, startSandboxed } from "./sandbox.js";

const UID = 60_901;
let work: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "sandbox-test-"));
  mkdirSync(join(work, "pkg/node_modules/.bin"), { recursive: true });
  mkdirSync(join(work, "scratch"));
  chownSync(join(work, "scratch"), UID, UID);
  const bin = join(work, "pkg/node_modules/.bin/report");
  // `typeof WebSocket` loads undici, whose parser is WebAssembly: it must start within the limits.
  writeFileSync(bin, "#!/usr/bin/env node\nconsole.error(process.version, typeof WebSocket);\n");
  chmodSync(bin, 0o755);
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

test("a package's `env node` runs the worker's own Node, and WebAssembly starts within the limits", async () => {
  const box = startSandboxed({
    packageDir: join(work, "pkg"),
    scratchDir: join(work, "scratch"),
    argv: ["/pkg/node_modules/.bin/report"],
    env: {},
    limits: { ...DEFAULT_SANDBOX_LIMITS, uid: UID },
  });
  expect(await box.ended).toEqual({ exitCode: 0, signal: null });
  expect(box.stderrTail()).toEqual([`${process.version} function`]);
}, 60_000);
