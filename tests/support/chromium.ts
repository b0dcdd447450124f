import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type BrowserContext } from "playwright-core";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Headless Debian Chromium driven by playwright-core (no downloaded browser). */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
}

/** Where tests keep screenshots and other evidence (gitignored). */
export function artifactPath(name: string): string {
  const dir = path.join(root, "test-artifacts");
  mkdirSync(dir, { recursive: true });
  return path.join(dir, name);
}

/** Pages may name outside resources (the test provider's login page links web fonts): only loopback is fetched. */
export async function loopbackOnly(context: BrowserContext): Promise<void> {
  await context.route(
    (url) => !["127.0.0.1", "localhost", "[::1]"].includes(url.hostname),
    (route) => route.abort("blockedbyclient"),
  );
}
