#!/bin/sh
# The image's builder steps, run by the Dockerfile's build stage and, where no Docker engine
# exists, by infra/image/debootstrap-proof.sh inside a clean Debian bookworm root.
# Usage (as root, in a checkout of the sources without node_modules):
#   sh infra/image/build.sh <source dir> <output dir>
# Leaves one production tree per target in <output dir>: <service>/ for every services/*
# (its package.json, dist/ and production node_modules with the workspace packages' dist and
# the generated Prisma client) and migrate/ (@catalog/db with the prisma CLI and migrations).
# No sources, tests, bench or tsconfig in any tree, except @catalog/db's src in migrate/, which
# its prisma.config.ts imports.
set -eu
SRC=${1:?source dir}
OUT=${2:?output dir}
PNPM_VERSION=10.34.8

step() { echo "build.sh: $*" >&2; }

# Toolchain for native modules (hnswlib-node compiles at install): bookworm-slim has none.
if ! command -v g++ >/dev/null 2>&1 || ! command -v make >/dev/null 2>&1 || ! command -v python3 >/dev/null 2>&1; then
  step "installing python3 make g++"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    python3 make g++ ca-certificates >/dev/null
fi
if [ "$(pnpm --version 2>/dev/null)" != "$PNPM_VERSION" ]; then
  step "installing pnpm $PNPM_VERSION"
  npm install -g --no-audit --no-fund --loglevel=error "pnpm@$PNPM_VERSION"
fi

cd "$SRC"
export CI=true
# node-gyp builds against the headers installed beside node (the node image ships them in
# /usr/local/include/node) instead of downloading them from nodejs.org.
prefix=$(dirname "$(dirname "$(command -v node)")")
if [ -f "$prefix/include/node/node_api.h" ]; then
  export npm_config_nodedir="$prefix"
fi
step "pnpm install --frozen-lockfile"
pnpm install --frozen-lockfile --reporter=append-only
step "prisma generate"
pnpm --filter @catalog/db run generate
step "tsc build"
pnpm run build

rm -rf "$OUT"
mkdir -p "$OUT"
# Files no runtime reads, removed from every workspace package copied into a tree.
strip_pkg() {
  keep_src=$2
  [ "$keep_src" = yes ] || rm -rf "$1/src"
  rm -rf "$1/tests" "$1/test" "$1/bench" "$1/scripts" "$1/coverage"
  rm -f "$1"/tsconfig*.json "$1"/*.tsbuildinfo "$1"/jest.config.*
  find "$1" -path "$1/node_modules" -prune -o \
    \( -name '*.test.*' -o -name '*.spec.*' -o -name '__tests__' -o -name '*.tsbuildinfo' \) -print \
    | xargs rm -rf
}
for dir in services/*/; do
  svc=$(basename "$dir")
  step "production tree for $svc"
  pnpm --filter "@catalog/$svc" deploy --prod --legacy "$OUT/$svc" >/dev/null
  strip_pkg "$OUT/$svc" no
  for pkg in "$OUT/$svc"/node_modules/.pnpm/@catalog+*/node_modules/@catalog/*; do
    [ -L "$pkg" ] || strip_pkg "$pkg" no
  done
done
step "production tree for migrate"
pnpm --filter @catalog/db deploy --prod --legacy "$OUT/migrate" >/dev/null
strip_pkg "$OUT/migrate" yes
rm -rf "$OUT/migrate/src/"*.test.* 2>/dev/null || true
for pkg in "$OUT/migrate"/node_modules/.pnpm/@catalog+*/node_modules/@catalog/*; do
  [ -L "$pkg" ] || strip_pkg "$pkg" no
done
# The deployed @catalog/db copies hold the generated client only if it was generated before the
# deploy; fail the build rather than ship a tree without it.
for tree in "$OUT"/*/; do
  if [ -d "$tree/generated/client" ]; then continue; fi
  ls "$tree"node_modules/.pnpm/@catalog+db@*/node_modules/@catalog/db/generated/client/index.js >/dev/null 2>&1 \
    || { echo "build.sh: $tree has no generated Prisma client" >&2; exit 1; }
done
step "done: $(ls "$OUT" | tr '\n' ' ')"
