/** Stops containers started by the global setup (nothing to do with local services). */
export default async function globalTeardown(): Promise<void> {
  const infra = (globalThis as { __catalogInfra?: { stop: () => Promise<void> } }).__catalogInfra;
  await infra?.stop();
}
