#!/bin/sh
# `npm test`: the whole check a clean clone must pass. What waits on the network (Debian's
# Chromium, the real MCP clients) installs beside the build, and lint and the type check run side
# by side (eslint on one core; the tests' type check, then prettier, on the other), so a clean
# clone spends its time in the tests themselves.
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
LOGS="$ROOT/.tools/logs"
mkdir -p "$LOGS"

# Runs a command in the background, its output kept until it is waited for.
started=""
beside() {
  name=$1
  shift
  "$@" >"$LOGS/$name.log" 2>&1 &
  started="$started $name:$!"
}
# Waits for every command started beside; prints each one's output; fails if any failed.
join() {
  failed=""
  for job in $started; do
    name=${job%%:*}
    if ! wait "${job#*:}"; then failed="$failed $name"; fi
    cat "$LOGS/$name.log"
  done
  started=""
  [ -z "$failed" ] || { echo "test: failed:$failed" >&2; exit 1; }
}

beside browser sh scripts/browser.sh
sh scripts/toolchain.sh --no-build
PATH="$ROOT/.tools/node_modules/.bin:$PATH"
export PATH
# After toolchain.sh: Claude Code's installer asks for the project's Node 22.
beside clients sh scripts/clients.sh
pnpm run build
beside eslint eslint .
beside types sh -c "tsc -p tsconfig.test.json && prettier --check . && knip"
join
pnpm run test:jest
pnpm run test:python
