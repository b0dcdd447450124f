import http from "node:http";
import type { AddressInfo } from "node:net";
import { findPolicyError } from "./errors.js";
import { DnsError, resolvePublic, type Resolver } from "./resolve.js";
import { SafeHttp, type Redirect } from "./safe-http.js";

/** Names the tests resolve themselves; nothing here ever reaches real DNS. */
function resolverOf(table: Record<string, string[] | (() => string[])>): Resolver {
  return async (hostname) => {
    const entry = table[hostname];
    if (!entry) throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
    const addresses = typeof entry === "function" ? entry() : entry;
    return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
}

let server: http.Server;
let port: number;
const hits: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    const url = new URL(req.url ?? "/", "http://x");
    const to = url.searchParams.get("to");
    if (url.pathname === "/redirect" && to) {
      res.writeHead(Number(url.searchParams.get("status") ?? 302), { location: to }).end();
      return;
    }
    if (url.pathname === "/chain") {
      const n = Number(url.searchParams.get("n"));
      res.writeHead(307, { location: n > 0 ? `/chain?n=${n - 1}` : "/echo" }).end();
      return;
    }
    if (url.pathname === "/big") {
      res.writeHead(200, { "content-type": "text/plain" }).end("x".repeat(5000));
      return;
    }
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => res.writeHead(200).end(`${req.method} ${body}`));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function refused(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    return findPolicyError(err)?.code ?? (err instanceof DnsError ? "dns" : `other: ${String(err)}`);
  }
  return "allowed";
}

describe("resolvePublic", () => {
  const resolver = resolverOf({
    "private.test": ["10.0.0.1"],
    "mixed.test": ["203.0.113.7", "8.8.8.8", "192.168.0.10"],
    "mapped.test": ["::ffff:192.168.0.1"],
    "metadata.test": ["169.254.169.254"],
    "v6local.test": ["fd12:3456::1"],
    "public.test": ["8.8.8.8", "2606:4700::1111"],
    "loop.test": ["127.0.0.1"],
  });

  it.each(["private.test", "mixed.test", "mapped.test", "metadata.test", "v6local.test"])(
    "refuses %s, which resolves to a non-public address",
    async (host) => {
      expect(await refused(resolvePublic(host, resolver))).toBe("non_public_address");
    },
  );

  it("accepts a name whose every address is public", async () => {
    expect(await resolvePublic("public.test", resolver)).toHaveLength(2);
  });

  it("allows loopback names only when asked to (tests)", async () => {
    expect(await refused(resolvePublic("loop.test", resolver))).toBe("non_public_address");
    expect(await resolvePublic("loop.test", resolver, { allowLoopback: true })).toEqual([
      { address: "127.0.0.1", family: 4 },
    ]);
  });

  it("reports an unknown name as a DNS failure", async () => {
    expect(await refused(resolvePublic("nowhere.test", resolver))).toBe("dns");
  });
});

describe("SafeHttp", () => {
  it("connects to a name only through the addresses it checked", async () => {
    const http = new SafeHttp({ testMode: true, resolver: resolverOf({ "private.test": ["10.0.0.1"] }) });
    const before = hits.length;
    expect(await refused(http.fetch(`http://private.test:${port}/echo`))).toBe("non_public_address");
    expect(hits.length).toBe(before);
    await http.close();
  });

  it("defeats DNS rebinding: the name is checked again when the connection is made", async () => {
    let answer = "127.0.0.1";
    const resolver = resolverOf({ "rebind.test": () => [answer] });
    // The check at request time sees a harmless address...
    await resolvePublic("rebind.test", resolver, { allowLoopback: true });
    // ...then the name rebinds before the prober connects.
    answer = "10.0.0.5";
    const http = new SafeHttp({ testMode: true, resolver });
    expect(await refused(http.fetch(`http://rebind.test:${port}/echo`))).toBe("non_public_address");
    await http.close();
  });

  it("refuses loopback outside test mode before connecting", async () => {
    const http = new SafeHttp({ resolver: resolverOf({}) });
    expect(await refused(http.fetch(`https://127.0.0.1:${port}/echo`))).toBe("non_public_address");
    expect(await refused(http.fetch(`http://mcp.example.com:${port}/echo`))).toBe("https_required");
    await http.close();
  });

  it.each([
    ["http://10.0.0.1/", "non_public_address"],
    ["http://0xa9fea9fe/latest/meta-data/", "non_public_address"],
    ["http://[::ffff:10.0.0.1]/", "non_public_address"],
    ["http://evil.test/", "non_public_address"],
    ["http://evil.test:1@10.0.0.1/", "credentials"],
    ["file:///etc/passwd", "scheme"],
  ])("refuses a redirect to %s (%s)", async (target, expected) => {
    const redirects: Redirect[] = [];
    const errors: string[] = [];
    const http = new SafeHttp({ testMode: true, resolver: resolverOf({ "evil.test": ["169.254.169.254"] }) });
    const target_ = encodeURIComponent(target);
    const code = await refused(
      http.fetch(
        `http://127.0.0.1:${port}/redirect?to=${target_}`,
        {},
        {
          onRedirect: (r) => redirects.push(r),
          onError: (url) => errors.push(url),
        },
      ),
    );
    expect(code).toBe(expected);
    expect(errors).toHaveLength(1);
    expect(redirects).toHaveLength(1);
    await http.close();
  });

  it("follows at most five redirects and reports each", async () => {
    const http = new SafeHttp({ testMode: true });
    const redirects: Redirect[] = [];
    const res = await http.fetch(
      `http://127.0.0.1:${port}/chain?n=4`,
      { method: "POST", body: "hello" },
      {
        onRedirect: (r) => redirects.push(r),
      },
    );
    expect(await res.text()).toBe("POST hello");
    expect(redirects).toHaveLength(5);
    expect(redirects[0]).toEqual({
      from: `http://127.0.0.1:${port}/chain?n=4`,
      to: `http://127.0.0.1:${port}/chain?n=3`,
      status: 307,
    });
    expect(await refused(http.fetch(`http://127.0.0.1:${port}/chain?n=5`))).toBe("too_many_redirects");
    await http.close();
  });

  it("turns a POST into a GET on 303, as fetch does", async () => {
    const http = new SafeHttp({ testMode: true });
    const res = await http.fetch(`http://127.0.0.1:${port}/redirect?status=303&to=/echo`, {
      method: "POST",
      body: "dropped",
    });
    expect(await res.text()).toBe("GET ");
    await http.close();
  });

  it("caps response bodies", async () => {
    const http = new SafeHttp({ testMode: true, maxBodyBytes: 1000 });
    const res = await http.fetch(`http://127.0.0.1:${port}/big`);
    expect(await refused(res.text())).toBe("body_too_large");
    const small = new SafeHttp({ testMode: true, maxBodyBytes: 10_000 });
    expect(await (await small.fetch(`http://127.0.0.1:${port}/big`)).text()).toHaveLength(5000);
    await Promise.all([http.close(), small.close()]);
  });
});
