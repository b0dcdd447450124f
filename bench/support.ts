import { prepareTemplate, startInfrastructure } from "@catalog/testing";

/** Real PostgreSQL and Redis for a benchmark run, as jest's global setup provides them to tests. */
export async function benchInfrastructure(): Promise<void> {
  const infra = await startInfrastructure((msg) => process.stderr.write(`${msg}\n`));
  process.env.TEST_POSTGRES_URL = infra.postgresUrl;
  process.env.TEST_REDIS_URL = infra.redisUrl;
  process.env.TEST_TEMPLATE_DB = await prepareTemplate(infra.postgresUrl);
}

export const round = (x: number, digits = 3) => Number(x.toFixed(digits));
