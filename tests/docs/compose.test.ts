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
  const targets = [...dockerfile.matchAll(/^FROM \S+ AS (\S+)$/gm)].map((m) => m[1]!);
  /** The text of one stage, from its FROM line to the next. */
  const stageOf = (name: string): string =>
    dockerfile
      .split(/^(?=FROM )/m)
      .find((stage) => stage.startsWith("FROM ") && stage.split("\n")[0]!.endsWith(` AS ${name}`)) ?? "";

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
      const stage = stageOf(name);
      expect(stage).toContain(`COPY --from=build /out/${name} /app`);
      expect(stage).toContain(`CMD ["node", "dist/main.js"]`);
    }
  });

  it("builds in a stage with the toolchain and ships only each target's production tree", () => {
    expect(stageOf("build")).toContain("RUN sh infra/image/build.sh /src /out");
    const build = readFileSync(path.join(root, "infra/image/build.sh"), "utf8");
    expect(build).toMatch(/apt-get install[^\n]*\n?[^\n]*python3 make g\+\+/);
    expect(build).toContain("pnpm install --frozen-lockfile");
    expect(build).toMatch(/deploy --prod/);
    // No runtime target copies the build stage's sources, only its /out/<target> tree.
    for (const name of targets.filter((t) => t !== "build" && t !== "runtime")) {
      const copies = [...stageOf(name).matchAll(/^COPY .*$/gm)].map((m) => m[0]);
      expect(copies).toEqual([`COPY --from=build /out/${name} /app`]);
    }
    expect(stageOf("runtime")).not.toMatch(/^COPY /m);
  });

  it("pins the base by digest, runs as a non-root user and checks each service's health", () => {
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:22-bookworm-slim@sha256:[0-9a-f]{64}$/m);
    for (const line of dockerfile.match(/^FROM .*$/gm) ?? []) {
      expect(line).toMatch(/^FROM (\$\{NODE_IMAGE\}|runtime) AS \S+$/);
    }
    expect(stageOf("runtime")).toMatch(/^USER catalog$/m);
    expect(stageOf("runtime")).toMatch(/useradd --system --uid 10001/);
    expect(dockerfile).not.toMatch(/^USER root/m);
    for (const name of readdirSync(path.join(root, "services"))) {
      expect(stageOf(name)).toMatch(/^HEALTHCHECK .*\n\s+CMD \["node", "-e", ".*\/healthz/m);
    }
    expect(stageOf("migrate")).toContain("HEALTHCHECK NONE");
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
