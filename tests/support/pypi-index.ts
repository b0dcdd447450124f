import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join, relative } from "node:path";
import { zip, type ZipEntry } from "./zip.js";

/** A distribution to publish: its module folder, and its console scripts (name to `module:attr`). */
export type Distribution = {
  name: string;
  version: string;
  /** A folder whose files go at the wheel's root (the importable package). */
  dir: string;
  scripts?: Record<string, string>;
  /** Published as a source distribution only: pip, wheels only, must refuse it. */
  sdistOnly?: boolean;
};

export type LocalServer = { url: string; close: () => Promise<void> };

/** A file served by the index, with the name it is listed under. */
type Served = { project: string; file: string; bytes: Buffer };

/**
 * A local PEP 503 simple index serving wheels built at start from the given folders (or a source
 * distribution, never built): `/simple/<project>/` lists each file with its sha256, as PyPI's
 * does, and pip installs from it as from PyPI. CI needs no network and no build backend.
 */
export async function startPypiIndex(distributions: Distribution[]): Promise<LocalServer> {
  const served = distributions.map(publish);
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    const file = served.find((s) => path === `/files/${s.file}`);
    if (file) {
      res.writeHead(200, { "content-type": "application/octet-stream" });
      res.end(file.bytes);
      return;
    }
    const project = /^\/simple\/([^/]+)\/$/.exec(path)?.[1];
    const files = served.filter((s) => s.project === project);
    if (files.length === 0) {
      res.writeHead(404, { "content-type": "text/plain" });
      res.end("Not Found");
      return;
    }
    res.writeHead(200, { "content-type": "text/html" });
    res.end(projectPage(files));
  });
  return listening(server, "/simple/");
}

async function listening(server: Server, path: string): Promise<LocalServer> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function projectPage(files: Served[]): string {
  const links = files.map((f) => {
    const sha = createHash("sha256").update(f.bytes).digest("hex");
    return `<a href="../../files/${f.file}#sha256=${sha}">${f.file}</a><br/>`;
  });
  return `<!DOCTYPE html><html><body>\n${links.join("\n")}\n</body></html>\n`;
}

const normalized = (name: string) => name.replace(/[-_.]+/g, "-").toLowerCase();

function publish(d: Distribution): Served {
  const escaped = normalized(d.name).replaceAll("-", "_");
  if (d.sdistOnly)
    return {
      project: normalized(d.name),
      file: `${escaped}-${d.version}.tar.gz`,
      bytes: Buffer.from("never built"),
    };
  return {
    project: normalized(d.name),
    file: `${escaped}-${d.version}-py3-none-any.whl`,
    bytes: wheel(d, escaped),
  };
}

/** A wheel (PEP 427): the folder's files, and a dist-info with METADATA, WHEEL, entry_points.txt and RECORD. */
function wheel(d: Distribution, escaped: string): Buffer {
  const info = `${escaped}-${d.version}.dist-info`;
  const scripts = Object.entries(d.scripts ?? {}).map(([name, ref]) => `${name} = ${ref}`);
  const files: ZipEntry[] = [
    ...filesOf(d.dir).map((path) => ({ name: path, data: readFileSync(join(d.dir, path)) })),
    { name: `${info}/METADATA`, data: `Metadata-Version: 2.1\nName: ${d.name}\nVersion: ${d.version}\n` },
    {
      name: `${info}/WHEEL`,
      data: "Wheel-Version: 1.0\nGenerator: catalog-tests\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    },
    { name: `${info}/entry_points.txt`, data: `[console_scripts]\n${scripts.join("\n")}\n` },
  ];
  const record = files.map(({ name, data }) => {
    const bytes = Buffer.from(data);
    return `${name},sha256=${createHash("sha256").update(bytes).digest("base64url")},${bytes.length}`;
  });
  return zip([...files, { name: `${info}/RECORD`, data: [...record, `${info}/RECORD,,`, ""].join("\n") }]);
}

function filesOf(dir: string, root = dir): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (entry === "__pycache__") return [];
    return statSync(path).isDirectory() ? filesOf(path, root) : [relative(root, path)];
  });
}

/** Serves files at fixed paths (an MCP bundle's download URL), each as given. */
export async function startFileServer(files: Record<string, Buffer>): Promise<LocalServer> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    const bytes = Object.hasOwn(files, path) ? files[path] : undefined;
    res.writeHead(bytes ? 200 : 404, { "content-type": "application/octet-stream" });
    res.end(bytes ?? "Not Found");
  });
  return listening(server, "");
}
