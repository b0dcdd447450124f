#!/bin/sh
# Makes sure the browser tests have a Chromium: CHROMIUM_PATH, or Debian's /usr/bin/chromium,
# installed from Debian's packages when missing and this user may (playwright-core drives it;
# nothing is downloaded by playwright itself).
set -eu
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$CHROMIUM" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "browser: installing Debian's chromium for the browser tests" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y -q --no-install-recommends chromium >&2 ||
    { apt-get update -q >&2 && apt-get install -y -q --no-install-recommends chromium >&2; }
else
  echo "browser: no Chromium at $CHROMIUM; install Debian's chromium or set CHROMIUM_PATH" >&2
fi
