#!/bin/sh
# Runs a command with the project's toolchain on PATH, preparing it first.
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
sh "$ROOT/scripts/toolchain.sh"
PATH="$ROOT/.tools/node_modules/.bin:$PATH"
export PATH
exec "$@"
