# One image build, one target per service (gateway, ingest, catalog, prober, search) plus the
# migration job. Node 22 LTS base; pnpm pinned; the Prisma client is generated at build time.
FROM node:22-bookworm-slim AS build
WORKDIR /app
RUN npm install -g pnpm@10.34.8
COPY pnpm-lock.yaml pnpm-workspace.yaml package.json .npmrc ./
COPY packages ./packages
COPY services ./services
COPY tests/package.json ./tests/package.json
COPY bench/package.json ./bench/package.json
COPY tsconfig.base.json tsconfig.build.json ./
RUN pnpm install --frozen-lockfile \
 && pnpm --filter @catalog/db run generate \
 && pnpm run build \
 && pnpm prune --prod --config.ignore-scripts=true

FROM node:22-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
RUN groupadd --system --gid 10001 catalog && useradd --system --uid 10001 --gid catalog --home /app catalog
COPY --from=build --chown=catalog:catalog /app /app
USER catalog
STOPSIGNAL SIGTERM

FROM runtime AS migrate
WORKDIR /app/packages/db
CMD ["node", "node_modules/prisma/build/index.js", "migrate", "deploy"]

FROM runtime AS gateway
EXPOSE 8080
CMD ["node", "services/gateway/dist/main.js"]

FROM runtime AS ingest
EXPOSE 8083
CMD ["node", "services/ingest/dist/main.js"]

FROM runtime AS catalog
EXPOSE 8082
CMD ["node", "services/catalog/dist/main.js"]

FROM runtime AS prober
EXPOSE 8084
CMD ["node", "services/prober/dist/main.js"]

FROM runtime AS search
EXPOSE 8081
CMD ["node", "services/search/dist/main.js"]
