import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

type Compose = {
  services: Record<string, { build?: { target?: string }; depends_on?: Record<string, unknown> }>;
};

describe("docker-compose.yml and Dockerfile", () => {
  const compose = parse(readFileSync(path.join(root, "docker-compose.yml"), "utf8"), {
    merge: true,
  }) as Compose;
  const dockerfile = readFileSync(path.join(root, "Dockerfile"), "utf8");
  const targets = [...dockerfile.matchAll(/^FROM \S+ AS (\S+)$/gm)].map((m) => m[1]);

  it("runs PostgreSQL, Redis, Qdrant, the migration and every service", () => {
    const services = readdirSync(path.join(root, "services"));
    expect(Object.keys(compose.services)).toEqual(
      expect.arrayContaining(["postgres", "redis", "qdrant", "migrate", ...services]),
    );
  });

  it("builds each service from its own Dockerfile target, started from its built entry point", () => {
    for (const name of [...readdirSync(path.join(root, "services")), "migrate"]) {
      expect(compose.services[name]?.build?.target).toBe(name);
      expect(targets).toContain(name);
    }
    for (const name of readdirSync(path.join(root, "services"))) {
      expect(dockerfile).toContain(`CMD ["node", "services/${name}/dist/main.js"]`);
    }
    expect(dockerfile).toMatch(/^FROM node:22/m);
  });

  it("starts services only after the migration job completed", () => {
    for (const name of readdirSync(path.join(root, "services"))) {
      expect(compose.services[name]?.depends_on).toHaveProperty(
        "migrate.condition",
        "service_completed_successfully",
      );
    }
  });
});
