# One image build, one target per service (gateway, ingest, catalog, prober, search) plus the
# migration job. The build stage runs infra/image/build.sh, the same steps
# infra/image/debootstrap-proof.sh runs in a clean Debian bookworm root where no Docker engine
# exists: the toolchain for native modules (hnswlib-node compiles at install), pnpm install
# --frozen-lockfile, prisma generate, tsc, then one production tree per target (pnpm deploy
# --prod). Each runtime target copies only its own tree and runs as a non-root user.
#
# Base pinned by its multi-arch index digest. Docker Hub is not reachable from where this was
# written: the digest is the one a public Dockerfile in the code search index records as
# node:22-bookworm-slim on 2026-09-24. Renovate/Dependabot (docker datasource) bump it;
# verify with `docker buildx imagetools inspect node:22-bookworm-slim` before relying on it.
ARG NODE_IMAGE=node:22-bookworm-slim@sha256:43ac6c60b8f89723f746e8a92ce91abd5017e627ce1ddfe4238355d3a30b772c

FROM ${NODE_IMAGE} AS build
WORKDIR /src
COPY . .
RUN sh infra/image/build.sh /src /out

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production
# bubblewrap: the sandbox the prober image starts packaged MCP servers in (the introspector
# Deployment, docs/introspection.md; setpriv and prlimit come with util-linux). Installed here
# because only this stage runs as root; Debian's bwrap is not setuid, so in the other images it
# can do nothing their user could not. python3 and its pip install PyPI packages (wheels only) and,
# shown read-only in the sandbox, run them and Python bundles (INTROSPECTION_PYTHON).
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends bubblewrap python3 python3-pip >/dev/null \
 && rm -rf /var/lib/apt/lists/* \
 && bwrap --version && python3 -m pip --version
RUN groupadd --system --gid 10001 catalog \
 && useradd --system --uid 10001 --gid catalog --no-create-home --home-dir /app catalog
WORKDIR /app
# The trees stay owned by root: the service user reads them and cannot change them.
USER catalog
STOPSIGNAL SIGTERM

FROM runtime AS migrate
COPY --from=build /out/migrate /app
HEALTHCHECK NONE
CMD ["node", "node_modules/prisma/build/index.js", "migrate", "deploy"]

# Each service stage repeats its own HEALTHCHECK and CMD: the health port is a different variable
# per service (read at run time, so an override moves the check with it), Docker has no parameter
# for an inherited HEALTHCHECK, and tests/docs/compose.test.ts reads both from each stage.
FROM runtime AS gateway
COPY --from=build /out/gateway /app
EXPOSE 8080 9464
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.METRICS_PORT||9464)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "dist/main.js"]

FROM runtime AS ingest
COPY --from=build /out/ingest /app
EXPOSE 8083
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.INGEST_PORT||8083)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "dist/main.js"]

FROM runtime AS catalog
COPY --from=build /out/catalog /app
EXPOSE 8082
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.CATALOG_PORT||8082)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "dist/main.js"]

FROM runtime AS prober
COPY --from=build /out/prober /app
EXPOSE 8084
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PROBER_PORT||8084)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "dist/main.js"]

FROM runtime AS search
COPY --from=build /out/search /app
EXPOSE 8081 9465
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.SEARCH_PORT||8081)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "dist/main.js"]
