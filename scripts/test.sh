#!/bin/sh
# `npm test`: the whole check a clean clone must pass. What waits on the network (Debian's
# Chromium, the real MCP clients) installs beside the build; lint, the tests' type check,
# prettier and knip run beside jest (its two workers often wait on processes, sockets and
# queues), and each phase prints when it ended, so that the minutes can be found. The long
# suite (scripts/long-tests.mjs) runs last, only when the code it drills changed since its last
# recorded pass.
set -eu
START=$(date +%s)
# Says how long since the start a phase ended.
phase() { echo "test: $1 at $(($(date +%s) - START)) s" >&2; }
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

beside debian sh scripts/debian-packages.sh
sh scripts/toolchain.sh --no-build
phase "toolchain and install"
PATH="$ROOT/.tools/node_modules/.bin:$PATH"
export PATH
# After toolchain.sh: Claude Code's installer asks for the project's Node 22.
beside clients sh scripts/clients.sh
pnpm run build
phase build
join
phase "debian packages and clients"
beside eslint eslint .
beside types sh -c "tsc -p tsconfig.test.json && prettier --check . && knip"
status=0
pnpm run test:jest || status=$?
phase jest
join
phase "lint, types, prettier, knip"
[ "$status" = 0 ] || exit "$status"
node scripts/long-tests.mjs run
phase "long tests (when owed)"
