import { readFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../fixtures/dependencies");

/** A file name segment: a package name with its slash encoded, as in the request path. */
const segment = (name: string) => name.replace(/\//g, "%2F");

type Fault = { prefix: string; status: number; retryAfter?: number; times: number };

export type DependencyApis = {
  depsDevUrl: string;
  osvUrl: string;
  /** Every request served, in order ("GET /v3/...", "POST /v1/querybatch"). */
  requests: string[];
  /** The next `times` requests whose path starts with `prefix` answer `status` (with Retry-After). */
  fail: (prefix: string, status: number, times?: number, retryAfter?: number) => void;
  close: () => Promise<void>;
};

async function fixture(...parts: string[]): Promise<unknown> {
  try {
    return JSON.parse(await readFile(path.join(FIXTURES, ...parts), "utf8"));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw err;
  }
}

async function body(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString("utf8"));
}

type RecordedNpm = { packages: Record<string, { latest: string | null; versions: string[] }> };
let recordedNpm: Promise<RecordedNpm> | undefined;

/**
 * A GetPackage answer from what the npm registry said of a snapshot package
 * (depsdev/npm-recorded.json, made by fixtures/dependencies/record-npm.mjs): its versions, the
 * `latest` tag as the default, no publication times.
 */
async function recordedPackage(name: string): Promise<unknown> {
  recordedNpm ??= fixture("depsdev", "npm-recorded.json") as Promise<RecordedNpm>;
  const found = (await recordedNpm).packages[name];
  if (!found) return null;
  return {
    packageKey: { system: "NPM", name },
    versions: found.versions.map((version) => ({
      versionKey: { system: "NPM", name, version },
      isDefault: version === found.latest,
    })),
  };
}

/** deps.dev v3: GET /v3/systems/{system}/packages/{name}[/versions/{version}:dependencies]. */
async function depsDev(pathname: string): Promise<unknown> {
  const m = /^\/v3\/systems\/([^/]+)\/packages\/([^/]+)(?:\/versions\/([^/]+):dependencies)?$/.exec(pathname);
  if (!m) return null;
  const [, system, name, version] = m.map((s) => (s === undefined ? s : decodeURIComponent(s)));
  if (version) return fixture("depsdev", system!, segment(name!), `${version}.dependencies.json`);
  const file = await fixture("depsdev", system!, segment(name!), "package.json");
  return file ?? (system === "npm" ? recordedPackage(name!) : null);
}

type Query = { package: { name: string; ecosystem: string }; version: string };

/** OSV: POST /v1/querybatch (one recorded answer per query) and GET /v1/vulns/{id}. */
async function osv(req: IncomingMessage, pathname: string): Promise<unknown> {
  if (req.method === "POST" && pathname === "/v1/querybatch") {
    const { queries } = (await body(req)) as { queries: Query[] };
    const results = await Promise.all(
      queries.map(
        async (q) =>
          (await fixture(
            "osv",
            "query",
            q.package.ecosystem,
            segment(q.package.name),
            `${q.version}.json`,
          )) ?? {},
      ),
    );
    return { results };
  }
  const m = /^\/v1\/vulns\/([^/]+)$/.exec(pathname);
  return m ? fixture("osv", "vulns", `${decodeURIComponent(m[1]!)}.json`) : null;
}

/** One loopback server answering as both APIs (deps.dev under /v3, OSV under /v1). */
export async function startDependencyApis(): Promise<DependencyApis> {
  const requests: string[] = [];
  const faults: Fault[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const { pathname } = new URL(req.url ?? "/", "http://127.0.0.1");
    requests.push(`${req.method} ${pathname}`);
    const fault = faults.find((f) => f.times > 0 && pathname.startsWith(f.prefix));
    if (fault) {
      fault.times--;
      if (fault.retryAfter !== undefined) res.setHeader("retry-after", String(fault.retryAfter));
      res.writeHead(fault.status, { "content-type": "application/json" }).end('{"code":8,"message":"quota"}');
      return;
    }
    const answer = pathname.startsWith("/v3/") ? depsDev(pathname) : osv(req, pathname);
    answer.then(
      (json) =>
        json === null
          ? res.writeHead(404, { "content-type": "application/json" }).end('{"code":5,"message":"not found"}')
          : res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(json)),
      (err: Error) => res.writeHead(500).end(err.message),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  const url = `http://127.0.0.1:${port}`;
  return {
    depsDevUrl: url,
    osvUrl: url,
    requests,
    fail: (prefix, status, times = 1, retryAfter) => faults.push({ prefix, status, retryAfter, times }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
