// The ceiling of the read-API benchmark: bare express answering a constant JSON body of a
// descriptor's size, on the same machine. Prints its port once listening.
import express from "express";

const body = JSON.parse(process.env.CEILING_BODY ?? '{"ok":true}') as unknown;
const app = express();
app.disable("x-powered-by");
app.get("/constant", (_req, res) => {
  res.json(body);
});
const server = app.listen(0, "127.0.0.1", () => {
  const address = server.address();
  process.stdout.write(`${typeof address === "object" && address ? address.port : 0}\n`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
