import { createServer, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { answerClientErrors } from "./client-errors.js";

let server: Server;
let port: number;

beforeAll(async () => {
  server = createServer((_req, res) => res.end("ok"));
  answerClientErrors(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

/** Sends raw bytes and reads the whole answer until the server closes. */
function raw(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(request));
    let text = "";
    socket.on("data", (chunk) => (text += chunk.toString()));
    socket.on("end", () => resolve(text));
    socket.on("error", reject);
  });
}

describe("requests Node refuses", () => {
  it("answers headers over the limit with 431 in the error shape", async () => {
    const answer = await raw(`GET / HTTP/1.1\r\nhost: x\r\nx-big: ${"a".repeat(20_000)}\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4))).toEqual({
      error: "headers_too_large",
      next_actions: [],
    });
  });

  it("answers a malformed request line with 400 bad_request", async () => {
    const answer = await raw("NOT A REQUEST\r\n\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4)).error).toBe("bad_request");
  });
});
