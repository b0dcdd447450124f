import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { listEntries, type RegistryEntry } from "@catalog/registry";

/**
 * The upstream registry's /v0.1/servers list API over HTTP, serving snapshot entries with the
 * registry's own list semantics (packages/registry's listEntries, as the file source does).
 * `invalid` items are served in the first page after the valid ones (hostile upstream data).
 * A test can hold the request for a page to put a fault exactly in the middle of a mirror run:
 * the pages before it are handed over, the ones after it not yet.
 */
export type Hold = { reached: Promise<void>; isReached: () => boolean; release: () => void };

export type Upstream = {
  url: string;
  /** Requests served, as their cursor ("" for the first page). */
  requests: string[];
  /** Holds the requests for the page after `cursor` until `release` is called. */
  holdAt: (cursor: string) => Hold;
  close: () => Promise<void>;
};

/** `pageCap`: the most entries a page holds whatever the limit asked (the real API caps it too). */
export async function startUpstream(
  entries: RegistryEntry[],
  invalid: unknown[] = [],
  pageCap = 100,
): Promise<Upstream> {
  const requests: string[] = [];
  const holds = new Map<string, { reach: () => void; released: Promise<void> }>();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://upstream");
    if (url.pathname !== "/v0.1/servers") {
      res.writeHead(404).end();
      return;
    }
    const cursor = url.searchParams.get("cursor") ?? "";
    const since = url.searchParams.get("updated_since");
    requests.push(cursor);
    const page = listEntries(entries, {
      limit: Math.min(pageCap, Number(url.searchParams.get("limit") ?? 30)),
      ...(cursor && { cursor }),
      ...(since && { updatedSince: new Date(since) }),
      includeDeleted: url.searchParams.get("include_deleted") === "true",
    });
    const body = JSON.stringify({
      servers: cursor ? page.entries : [...page.entries, ...invalid],
      metadata: { count: page.entries.length, ...(page.nextCursor && { nextCursor: page.nextCursor }) },
    });
    const answer = () => res.writeHead(200, { "content-type": "application/json" }).end(body);
    // Every request for a held page waits (a client that timed out and asked again too).
    const held = holds.get(cursor);
    if (!held) return answer();
    held.reach();
    void held.released.then(answer);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    holdAt: (cursor) => {
      let release!: () => void;
      let reach!: () => void;
      let reachedYet = false;
      const released = new Promise<void>((resolve) => (release = resolve)).then(() => {
        holds.delete(cursor);
      });
      const reached = new Promise<void>((resolve) => (reach = resolve)).then(() => {
        reachedYet = true;
      });
      holds.set(cursor, { reach, released });
      return { reached, isReached: () => reachedYet, release };
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
