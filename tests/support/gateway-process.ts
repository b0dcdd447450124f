import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export type GatewayProcess = { url: string; child: ChildProcess; stop: () => Promise<void> };

/**
 * The built gateway (services/gateway/dist/main.js) as its own process on a free loopback port,
 * as a replica runs in production. Resolves once it logs the port it listens on.
 */
export async function spawnGateway(env: Record<string, string>): Promise<GatewayProcess> {
  const child = spawn(process.execPath, [path.join(root, "services/gateway/dist/main.js")], {
    env: { ...process.env, ...env, PORT: "0", METRICS_PORT: "0", LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error("gateway did not start in 20 s"));
    }, 20_000);
    child.once("exit", (code) => reject(new Error(`gateway exited with ${code}`)));
    createInterface({ input: child.stdout! }).on("line", (line) => {
      const entry = JSON.parse(line) as { msg?: string; port?: number };
      if (entry.msg === "gateway listening" && entry.port) {
        clearTimeout(timer);
        resolve(entry.port);
      }
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    },
  };
}
