import net from "node:net";

/** A loopback port nothing listens on (it was free a moment ago). */
export async function unusedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The error of a real connection to a loopback port nothing listens on (ECONNREFUSED). */
export async function refusedConnection(): Promise<Error> {
  const port = await unusedPort();
  return new Promise((resolve) => net.connect(port, "127.0.0.1").once("error", resolve));
}
