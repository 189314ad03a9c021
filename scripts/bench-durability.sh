#!/usr/bin/env bash
# Commit throughput with durability on and off, beside PostgreSQL 15 with
# fsync on: pgbench (simple protocol) runs single-row autocommit INSERTs from
# N connections for T seconds. Then the restart time of a 1M-row table, by WAL
# replay and from a checkpoint.
#   scripts/bench-durability.sh [CLIENTS] [SECONDS] [WAL_PARENT_DIR]
# WAL_PARENT_DIR: where data directories go (default /tmp; /dev/shm with
# PMEM_IS_PMEM_FORCE=1 exercises the pmem path).
set -euo pipefail
CLIENTS=${1:-8}
SECONDS_PER_RUN=${2:-10}
PARENT=${3:-/tmp}
BIN=${PTREEDB_BIN:-$(pwd)/build/bin/ptreedb}
PG_BIN=/usr/lib/postgresql/15/bin
WORK=$(mktemp -d "$PARENT/ptreedb-bench.XXXXXX")
chmod 777 "$WORK"
SCRIPT=$WORK/insert.sql
echo "INSERT INTO bench VALUES (:client_id, 'payload row of some length');" > "$SCRIPT"
PIDS=()
cleanup() { for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done; rm -rf "$WORK"; }
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
wait_port() { for _ in $(seq 200); do (exec 3<>/dev/tcp/127.0.0.1/$1) 2>/dev/null && return 0; sleep 0.05; done; return 1; }
wait_ready() { for _ in $(seq 1200); do grep -q "listening on" "$1" && return 0; sleep 0.05; done; return 1; }

run_pgbench() {  # port
  "$PG_BIN/pgbench" -h 127.0.0.1 -p "$1" -U postgres -n -M simple -c "$CLIENTS" -j 2 -T "$SECONDS_PER_RUN" \
    -f "$SCRIPT" postgres 2>&1 | awk '/^tps/ {print $3; exit}'
}

ptreedb_tps() {  # durability on|off
  local port data log pid
  port=$(free_port); data=$WORK/data-$1; log=$WORK/log-$1
  "$BIN" --port "$port" --data-dir "$data" --durability "$1" >"$log" 2>&1 &
  pid=$!; PIDS+=("$pid"); wait_port "$port"
  psql -X -q -h 127.0.0.1 -p "$port" -U postgres -d postgres -c "CREATE TABLE bench (client integer, body text)"
  run_pgbench "$port"
  kill "$pid"; wait "$pid" || true
}

postgres_tps() {
  local port data
  port=$(free_port); data=$WORK/pgdata
  runuser -u postgres -- "$PG_BIN/initdb" -D "$data" -U postgres --auth=trust >/dev/null
  runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$data" -o "-p $port -k $WORK -c fsync=on -c synchronous_commit=on" \
    -l "$WORK/pg.log" start >/dev/null
  wait_port "$port"
  psql -X -q -h 127.0.0.1 -p "$port" -U postgres -d postgres -c "CREATE TABLE bench (client integer, body text)"
  run_pgbench "$port"
  runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$data" stop -m fast >/dev/null
}

echo "clients=$CLIENTS seconds=$SECONDS_PER_RUN dir=$PARENT PMEM_IS_PMEM_FORCE=${PMEM_IS_PMEM_FORCE:-unset}"
echo "ptreedb durability on : $(ptreedb_tps on) commits/s"
echo "ptreedb durability off: $(ptreedb_tps off) commits/s"
echo "PostgreSQL 15 fsync on: $(postgres_tps) commits/s"

# Bulk load: 1M rows with \copy, durability on and off.
ROWS=$WORK/rows.tsv
python3 -c 'import sys
for i in range(1000000): sys.stdout.write(f"{i}\t{i%100}\tname-{i}\t{i%1000}.25\n")' >"$ROWS"
copy_seconds() {  # durability on|off
  local port data pid start
  port=$(free_port); data=$WORK/data-copy-$1
  "$BIN" --port "$port" --data-dir "$data" --durability "$1" --checkpoint-interval 0 --checkpoint-wal-size 0 \
    >"$WORK/copy-$1.log" 2>&1 &
  pid=$!; PIDS+=("$pid"); wait_port "$port"
  psql -X -q -h 127.0.0.1 -p "$port" -U postgres -d postgres \
    -c "CREATE TABLE big (id bigint PRIMARY KEY, grp integer, name text, amount numeric(12,2))"
  start=$(date +%s.%N)
  psql -X -q -h 127.0.0.1 -p "$port" -U postgres -d postgres -c "\\copy big FROM '$ROWS'"
  echo "$(date +%s.%N) - $start" | bc
  kill "$pid"; wait "$pid" || true
}
echo "COPY 1M rows, durability on : $(copy_seconds on) s"
echo "COPY 1M rows, durability off: $(copy_seconds off) s"

# Restart time of 1M rows: replay of the COPY's WAL record, then from a checkpoint.
port=$(free_port); data=$WORK/data-recovery
"$BIN" --port "$port" --data-dir "$data" --checkpoint-interval 0 --checkpoint-wal-size 0 >"$WORK/r1.log" 2>&1 &
pid=$!; PIDS+=("$pid"); wait_port "$port"
psql -X -q -h 127.0.0.1 -p "$port" -U postgres -d postgres \
  -c "CREATE TABLE big (id bigint PRIMARY KEY, grp integer, name text, amount numeric(12,2))"
python3 -c 'import sys
for i in range(1000000): sys.stdout.write(f"{i}\t{i%100}\tname-{i}\t{i%1000}.25\n")' |
  psql -X -q -h 127.0.0.1 -p "$port" -U postgres -d postgres -c "\\copy big FROM STDIN"
kill -9 "$pid"; wait "$pid" 2>/dev/null || true
"$BIN" --port "$port" --data-dir "$data" --checkpoint-interval 0 --checkpoint-wal-size 0 >"$WORK/r2.log" 2>&1 &
pid=$!; PIDS+=("$pid"); wait_ready "$WORK/r2.log"
echo "1M rows, WAL replay:   $(grep -o 'recovery: .*' "$WORK/r2.log" | tail -1)"
psql -X -q -h 127.0.0.1 -p "$port" -U postgres -d postgres -c "CHECKPOINT"
kill -9 "$pid"; wait "$pid" 2>/dev/null || true
"$BIN" --port "$port" --data-dir "$data" --checkpoint-interval 0 --checkpoint-wal-size 0 >"$WORK/r3.log" 2>&1 &
pid=$!; PIDS+=("$pid"); wait_ready "$WORK/r3.log"
echo "1M rows, checkpoint:   $(grep -o 'recovery: checkpoint.*' "$WORK/r3.log" | tail -1)"
echo "rows after restart:    $(psql -X -qtA -h 127.0.0.1 -p "$port" -U postgres -d postgres -c 'SELECT count(*) FROM big')"
kill "$pid"; wait "$pid" || true
