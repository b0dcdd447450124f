// The ceiling of the read-API benchmark: a bare node:http server answering a constant JSON body
// (a real descriptor's text, from CEILING_BODY) on a loopback port. Prints the port once listening.
import http from "node:http";

const body = Buffer.from(process.env.CEILING_BODY ?? '{"ok":true}');
const server = http.createServer((_req, res) => {
  res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": body.length });
  res.end(body);
});
server.keepAliveTimeout = 65_000;
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${server.address().port}\n`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
