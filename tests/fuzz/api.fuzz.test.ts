import fc from "fast-check";
import { createHarness, type Harness } from "@catalog/testing";
import { checkBody, getRequest, rpcBody, shapeProblem, type Answer } from "../support/fuzz.js";
import { startMcpStack, type McpStack } from "../support/mcp-stack.js";

/**
 * Property-based fuzzing of every endpoint (issue 16): paths, query parameters, check bodies
 * and JSON-RPC on /mcp, built from hostile text, forged cursors and broken escapes. Every
 * answer must be below 500 and, when an error, in a documented shape. CI runs FUZZ_RUNS
 * (default 150) cases per property; `pnpm run fuzz` runs 5,000 per property (20,000 in all).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 150);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

let h: Harness;
let stack: McpStack;
let tools: string[];
const checkIds: string[] = ["AAAAAAAAAAAAAAAAAAAAAA"];

beforeAll(async () => {
  h = await createHarness();
  stack = await startMcpStack(h);
  const started = await fetch(`${stack.gateway}/v1/check`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ url: "http://127.0.0.1:9/mcp" }),
  });
  checkIds.push(((await started.json()) as { id: string }).id);
  tools = ["search", "get_server", "list_tools", "get_connection", "check_server"];
}, 240_000);

afterAll(async () => {
  await stack?.stop();
  await h?.close();
});

async function send(path: string, init: RequestInit = {}): Promise<Answer> {
  const res = await fetch(stack.gateway + path, init);
  return { status: res.status, contentType: res.headers.get("content-type") ?? "", text: await res.text() };
}

async function expectDocumented(
  path: string,
  answer: Answer,
  request: unknown,
  method = "GET",
): Promise<void> {
  const problem = shapeProblem(path, answer, method);
  if (problem) throw new Error(`${problem}: ${JSON.stringify(request)} -> ${answer.text.slice(0, 300)}`);
}

const params = (numRuns: number) => ({ numRuns, seed: SEED, endOnFailure: true });

describe("API fuzzing: every answer below 500 and in a documented shape", () => {
  it("GET on every read endpoint", async () => {
    await fc.assert(
      fc.asyncProperty(getRequest(stack.serversWithTools, checkIds), async (path) => {
        await expectDocumented(path, await send(path), path);
      }),
      params(RUNS * 2),
    );
  });

  it("POST /v1/check", async () => {
    await fc.assert(
      fc.asyncProperty(checkBody, fc.constantFrom("", "?wait=0", "?wait=abc", "?wait=-1"), async (b, q) => {
        const headers: Record<string, string> = b.contentType ? { "content-type": b.contentType } : {};
        await expectDocumented(
          "/v1/check",
          await send(`/v1/check${q}`, { method: "POST", headers, body: b.body }),
          b,
          "POST",
        );
      }),
      params(RUNS),
    );
  });

  it("JSON-RPC on /mcp", async () => {
    await fc.assert(
      fc.asyncProperty(rpcBody(tools), fc.boolean(), async (body, plainAccept) => {
        const headers = {
          "content-type": "application/json",
          accept: plainAccept ? "application/json" : "application/json, text/event-stream",
        };
        const answer = await send("/mcp", { method: "POST", headers, body });
        await expectDocumented("/mcp", answer, body, "POST");
        if (answer.status === 200 && answer.text) {
          // A tool's error result carries the REST error body as structured content.
          const replies = [JSON.parse(answer.text)].flat() as {
            result?: { isError?: boolean; structuredContent?: unknown };
          }[];
          for (const reply of replies)
            if (reply.result?.isError)
              await expectDocumented(
                "/v1",
                {
                  status: 400,
                  contentType: "application/json",
                  text: JSON.stringify(reply.result.structuredContent),
                },
                body,
              );
        }
      }),
      params(RUNS),
    );
  });
});
