import net from "node:net";

/** The error of a real connection to a loopback port nothing listens on (ECONNREFUSED). */
export async function refusedConnection(): Promise<Error> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return new Promise((resolve) => net.connect(port, "127.0.0.1").once("error", resolve));
}
