import { prepareTemplate, startInfrastructure } from "@catalog/testing";

/** Starts (or finds) PostgreSQL and Redis once for the whole run and migrates a template database. */
export default async function globalSetup(): Promise<void> {
  const infra = await startInfrastructure((msg) => process.stderr.write(`${msg}\n`));
  process.env.TEST_POSTGRES_URL = infra.postgresUrl;
  process.env.TEST_REDIS_URL = infra.redisUrl;
  process.env.TEST_TEMPLATE_DB = await prepareTemplate(infra.postgresUrl);
  (globalThis as { __catalogInfra?: typeof infra }).__catalogInfra = infra;
}
