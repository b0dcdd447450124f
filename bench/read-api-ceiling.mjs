// The ceiling of the read-API benchmark: bare express answering a constant JSON body (a real
// descriptor's text, from CEILING_BODY) on a loopback port. Prints the port once listening.
import express from "express";

const body = JSON.parse(process.env.CEILING_BODY ?? '{"ok":true}');
const app = express();
app.disable("x-powered-by");
app.get("/constant", (_req, res) => {
  res.json(body);
});
const server = app.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${server.address().port}\n`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
