#!/bin/sh
# Logical backup of the catalog database (the CronJob catalog-backup in cronjob.yaml runs it).
#
#   DATABASE_URL      libpq URL of the database; never printed (it holds the password)
#   BACKUP_DIR        where the dumps go (the PersistentVolumeClaim catalog-backups)
#   BACKUP_KEEP_DAYS  dumps older than this many days are deleted (default 14)
#
# Writes catalog-<UTC stamp>.dump (pg_dump's custom format: compressed, restorable table by
# table with pg_restore). Check a dump with restore-drill.sh beside this file.
set -eu

log() { printf 'pg-backup: %s\n' "$*"; }
# find's output captured in an assignment, not piped: set -e still sees find fail.
print_deleted() { [ -z "$deleted" ] || printf '%s\n' "$deleted" | sed 's/^/pg-backup: deleted /'; }
fail() {
  printf 'pg-backup: error: %s\n' "$*" >&2
  exit 1
}

[ -n "${DATABASE_URL:-}" ] || fail "DATABASE_URL is not set"
[ -n "${BACKUP_DIR:-}" ] || fail "BACKUP_DIR is not set"
keep_days=${BACKUP_KEEP_DAYS:-14}
case $keep_days in
  '' | *[!0-9]*) fail "BACKUP_KEEP_DAYS must be a whole number of days, not '$keep_days'" ;;
esac
if [ ! -d "$BACKUP_DIR" ] || [ ! -w "$BACKUP_DIR" ]; then
  fail "BACKUP_DIR $BACKUP_DIR is not a writable directory"
fi

# The dump holds every row, API keys and sessions included: readable by its owner only.
umask 077

stamp=$(date -u +%Y%m%dT%H%M%SZ)
final="$BACKUP_DIR/catalog-$stamp.dump"
partial="$final.partial"
[ ! -e "$final" ] || fail "$final exists already"

# A failed or interrupted run must not leave a half-written file that looks like a backup.
trap 'rm -f "$partial"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

log "$(pg_dump --version)"
log "dumping to $partial"
# The URL goes in --dbname, never into a message; --no-owner: restorable as any role.
pg_dump --dbname="$DATABASE_URL" --format=custom --no-owner --file="$partial"

# Reads the whole archive back (every table's data decompressed, the SQL thrown away): catches
# an empty, garbled, cut or foreign file. restore-drill.sh is the full check (a real restore).
log "checking that the archive reads back"
pg_restore --file=/dev/null "$partial"

# A rename within one directory is atomic: a catalog-*.dump is always a complete, checked dump.
mv "$partial" "$final"
trap - EXIT
log "wrote $final ($(wc -c <"$final" | tr -d ' ') bytes)"

# Old dumps go only after a new one is safely written, so a failing backup never eats the last
# good ones. -mtime +N: modified more than N whole days ago.
log "deleting dumps older than $keep_days days"
deleted=$(find "$BACKUP_DIR" -maxdepth 1 -type f -name 'catalog-*.dump' -mtime +"$keep_days" -print -exec rm -f {} +)
print_deleted

# Left by a run killed outright (OOM, the Job's deadline), where the trap above cannot run. Two
# hours without a write is far past the Job's one-hour deadline, so no live run is writing it.
log "deleting stale partial dumps"
deleted=$(find "$BACKUP_DIR" -maxdepth 1 -type f -name 'catalog-*.dump.partial' -mmin +120 -print -exec rm -f {} +)
print_deleted

log "done"
