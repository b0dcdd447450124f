import type { Server } from "node:http";
import type { Duplex } from "node:stream";
import { errorBody } from "./errors.js";

/**
 * Requests Node's HTTP parser refuses before Express sees them (headers over the size limit,
 * malformed request lines) answered in the documented error shape rather than Node's bare
 * status line, then the connection closed.
 */
export function answerClientErrors(server: Server): void {
  server.on("clientError", (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable || err.code === "ECONNRESET") return void socket.destroy();
    const headersTooLarge = err.code === "HPE_HEADER_OVERFLOW";
    const status = headersTooLarge ? "431 Request Header Fields Too Large" : "400 Bad Request";
    const body = JSON.stringify(
      headersTooLarge
        ? errorBody("headers_too_large")
        : errorBody("bad_request", { issues: { fieldErrors: { request: ["malformed HTTP request"] } } }),
    );
    socket.end(
      `HTTP/1.1 ${status}\r\ncontent-type: application/json; charset=utf-8\r\ncache-control: no-store\r\n` +
        `connection: close\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  });
}
