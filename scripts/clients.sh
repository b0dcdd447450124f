#!/bin/sh
# Installs the real MCP clients that tests/clients feeds the generated configs to, pinned, into
# .tools/clients, and prints the folder of their commands. Idempotent and quick when present.
# The clients run offline in those tests; only this install needs the npm registry.
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
CLIENTS="$ROOT/.tools/clients"
BIN="$CLIENTS/node_modules/.bin"
PINNED="@anthropic-ai/claude-code@2.1.330 @openai/codex@0.169.0 @google/gemini-cli@0.61.0"

if [ "$(cat "$CLIENTS/.pinned" 2>/dev/null)" != "$PINNED" ] ||
  [ ! -x "$BIN/claude" ] || [ ! -x "$BIN/codex" ] || [ ! -x "$BIN/gemini" ]; then
  echo "clients: installing $PINNED into .tools/clients" >&2
  mkdir -p "$CLIENTS"
  [ -f "$CLIENTS/package.json" ] || echo '{"private":true}' > "$CLIENTS/package.json"
  # The project's Node 22 first, when toolchain.sh has put it there: Claude Code's install
  # script asks for Node 22.
  PATH="$ROOT/.tools/node_modules/.bin:$PATH"
  export PATH
  # $PINNED unquoted: one argument per package.
  npm install --prefix "$CLIENTS" --save-exact --no-audit --no-fund --loglevel=error $PINNED >&2
  echo "$PINNED" > "$CLIENTS/.pinned"
fi
echo "$BIN"
