#!/bin/sh
# Restore drill: proves a dump of pg-backup.sh restores, by restoring it into a scratch database
# on the live server and comparing every table's exact row count with the live database.
#
#   restore-drill.sh <dump file>
#
#   DATABASE_URL     libpq URL of the live database; never printed (it holds the password). Its
#                    role needs CREATEDB: the scratch database is created beside the live one.
#   DRILL_DATABASE   name of the scratch database (default catalog_restore_drill); it must not
#                    exist yet, and it is dropped at the end
#   DRILL_TOLERANCE  percent a table's row count may differ by (default 0); the live database
#                    keeps changing after the dump, so an older dump may need some
#   DRILL_KEEP=1     keep the scratch database for a look around (drop it by hand afterwards)
#
# Exit status: 0 when every table matches, 1 when one differs by more than the tolerance or is
# missing on one side (or when a step fails), 2 on wrong usage.
set -eu

log() { printf 'restore-drill: %s\n' "$*"; }
fail() {
  printf 'restore-drill: error: %s\n' "$1" >&2
  exit "${2:-1}"
}

[ $# -eq 1 ] || fail "usage: restore-drill.sh <dump file>" 2
dump=$1
if [ ! -f "$dump" ] || [ ! -r "$dump" ]; then fail "cannot read the dump $dump" 2; fi
[ -n "${DATABASE_URL:-}" ] || fail "DATABASE_URL is not set" 2
scratch=${DRILL_DATABASE:-catalog_restore_drill}
tolerance=${DRILL_TOLERANCE:-0}
keep=${DRILL_KEEP:-0}

# A plain name needs no escaping anywhere (SQL, the URL, sed) and cannot smuggle anything in.
case $scratch in
  '' | *[!a-z0-9_]*) fail "DRILL_DATABASE must match [a-z0-9_]+, not '$scratch'" 2 ;;
esac
[ "${#scratch}" -le 63 ] || fail "DRILL_DATABASE is longer than PostgreSQL's 63 characters" 2
case $tolerance in
  '' | *[!0-9.]* | *.*.*) fail "DRILL_TOLERANCE must be a percentage such as 0 or 0.5, not '$tolerance'" 2 ;;
esac

# psql without ~/.psqlrc, unaligned, tab-separated, stopping at the first error.
sql() {
  sql_url=$1
  shift
  psql --no-psqlrc --quiet --tuples-only --no-align --field-separator="$(printf '\t')" \
    --set=ON_ERROR_STOP=1 --dbname="$sql_url" "$@"
}

# The scratch database's URL: the live URL with its database path segment replaced (query
# parameters such as sslmode kept). Only postgres:// and postgresql:// URLs are understood.
case $DATABASE_URL in
  postgres://* | postgresql://*) ;;
  *) fail "DATABASE_URL must be a postgresql:// URL" 2 ;;
esac
scratch_url=$(printf '%s\n' "$DATABASE_URL" | sed -e "s#^\(postgres[a-z]*://[^/?]*\)[^?]*#\1/$scratch#")

live=$(sql "$DATABASE_URL" -c 'SELECT current_database()')
case $scratch in
  "$live" | postgres | template0 | template1) fail "refusing to use '$scratch' as the scratch database" 2 ;;
esac
exists=$(sql "$DATABASE_URL" -c "SELECT count(*) FROM pg_database WHERE datname = '$scratch'")
# Never drop a database this run did not create: it may be a kept drill, or anything else.
[ "$exists" = 0 ] ||
  fail "database $scratch exists already: drop it (DROP DATABASE $scratch) or set DRILL_DATABASE" 2

work=$(mktemp -d)
created=0
# shellcheck disable=SC2317 # called by the trap, which shellcheck does not follow
cleanup() {
  status=$?
  rm -rf "$work"
  if [ "$created" = 1 ]; then
    if [ "$keep" = 1 ]; then
      log "kept the scratch database $scratch (DRILL_KEEP=1): drop it when done"
    elif sql "$DATABASE_URL" -c "DROP DATABASE IF EXISTS \"$scratch\" WITH (FORCE)"; then
      log "dropped the scratch database $scratch"
    else
      # A copy of the production data left behind is worth a failing exit status.
      printf 'restore-drill: error: could not drop the scratch database %s: drop it by hand\n' "$scratch" >&2
      [ "$status" != 0 ] || status=1
    fi
  fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

log "creating the scratch database $scratch beside $live"
sql "$DATABASE_URL" -c "CREATE DATABASE \"$scratch\""
created=1
# Belt and braces before writing anything: the scratch URL really leads to the scratch database
# (a dbname= query parameter, say, would have overridden the path).
[ "$(sql "$scratch_url" -c 'SELECT current_database()')" = "$scratch" ] ||
  fail "the scratch URL does not lead to $scratch; not restoring"

log "restoring $dump into $scratch"
pg_restore --dbname="$scratch_url" --no-owner --exit-on-error "$dump"

# Exact counts of every table of the public schema in one statement (one snapshot), through
# query_to_xml since SQL cannot count a table named by a value otherwise.
count_rows() {
  sql "$1" -c "
    SELECT c.relname,
           (xpath('/row/n/text()',
                  query_to_xml(format('SELECT count(*) AS n FROM public.%I', c.relname), false, true, '')
           ))[1]::text
    FROM pg_class c JOIN pg_namespace s ON s.oid = c.relnamespace
    WHERE s.nspname = 'public' AND c.relkind IN ('r', 'p')
    ORDER BY 1"
}
log "counting rows"
count_rows "$DATABASE_URL" >"$work/live"
count_rows "$scratch_url" >"$work/restored"

# The newest applied Prisma migration of each side: tells how old the dump's schema is.
newest_migration() {
  sql "$1" -c "SELECT to_regclass('public._prisma_migrations') IS NOT NULL" | grep -q t || {
    echo "none (no _prisma_migrations table)"
    return
  }
  m=$(sql "$1" -c "SELECT migration_name || ' (finished ' || to_char(finished_at AT TIME ZONE 'UTC',
      'YYYY-MM-DD HH24:MI:SS') || 'Z)' FROM _prisma_migrations WHERE finished_at IS NOT NULL
      ORDER BY finished_at DESC LIMIT 1")
  echo "${m:-none}"
}
log "newest migration, live:     $(newest_migration "$DATABASE_URL")"
log "newest migration, restored: $(newest_migration "$scratch_url")"

# Joins the two lists by table name; prints the table and the verdict, exits 1 on a failure.
set +e
awk -F '\t' -v tolerance="$tolerance" '
  FNR == NR { live[$1] = $2; names[$1] = 1; next }
  { restored[$1] = $2; names[$1] = 1 }
  END {
    width = length("table")
    for (t in names) if (length(t) > width) width = length(t)
    n = 0
    for (t in names) sorted[++n] = t
    for (i = 2; i <= n; i++) # insertion sort: awk has no portable sort
      for (j = i; j > 1 && sorted[j - 1] > sorted[j]; j--) { s = sorted[j]; sorted[j] = sorted[j - 1]; sorted[j - 1] = s }
    printf "%-" width "s %12s %12s\n", "table", "live", "restored"
    bad = 0
    for (i = 1; i <= n; i++) {
      t = sorted[i]
      l = (t in live) ? live[t] : "-"
      r = (t in restored) ? restored[t] : "-"
      mark = ""
      if (!(t in live) || !(t in restored)) {
        mark = "MISSING " ((t in live) ? "after the restore" : "in the live database"); bad++
      } else if (l != r) {
        big = (l + 0 > r + 0) ? l + 0 : r + 0
        pct = 100 * (l > r ? l - r : r - l) / big
        if (pct > tolerance + 0) { mark = sprintf("DIFFERS by %.2f%%", pct); bad++ }
        else mark = sprintf("differs by %.2f%%, within the tolerance", pct)
      }
      printf "%-" width "s %12s %12s%s\n", t, l, r, (mark == "" ? "" : "  <- " mark)
    }
    if (bad) printf "restore-drill: FAILED: %d of %d tables differ (tolerance %s%%)\n", bad, n, tolerance
    else printf "restore-drill: OK: %d tables, every count within the tolerance (%s%%)\n", n, tolerance
    exit bad ? 1 : 0
  }' "$work/live" "$work/restored"
verdict=$?
set -e
exit "$verdict"
