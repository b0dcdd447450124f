#!/bin/sh
# Makes sure the tests have the Debian packages they drive: Chromium for the browser tests
# (CHROMIUM_PATH, or Debian's /usr/bin/chromium; playwright-core drives it and downloads nothing)
# and bubblewrap, the sandbox packaged MCP servers are started in. What is missing is installed
# in one apt run (apt takes a lock: two at once would fail), when this user may.
set -eu
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
missing=""
[ -x "$CHROMIUM" ] || missing="$missing chromium"
command -v bwrap >/dev/null 2>&1 || missing="$missing bubblewrap"
[ -n "$missing" ] || exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "debian-packages: installing$missing for the tests" >&2
  export DEBIAN_FRONTEND=noninteractive
  # $missing unquoted: one argument per package.
  apt-get install -y -q --no-install-recommends $missing >&2 ||
    { apt-get update -q >&2 && apt-get install -y -q --no-install-recommends $missing >&2; }
else
  echo "debian-packages: missing$missing; install them, or set CHROMIUM_PATH for the browser" >&2
fi
