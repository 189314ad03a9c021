#!/usr/bin/env bash
# Restart time of a TPC-H database: load it (tpchgen-cli csv, one \copy per
# table), SIGKILL, restart (WAL replay), CHECKPOINT, SIGKILL, restart
# (checkpoint load). Prints the server's recovery log lines.
#   scripts/bench-tpch-restart.sh [SCALE] [DIR]
set -euo pipefail
SCALE=${1:-1}
PARENT=${2:-/tmp}
BIN=${PTREEDB_BIN:-$(pwd)/build/bin/ptreedb}
GEN=${TPCHGEN:-$(pwd)/build/test-venv/bin/tpchgen-cli}
WORK=$(mktemp -d "$PARENT/ptreedb-tpch.XXXXXX")
PID=
cleanup() { [[ -n "$PID" ]] && kill "$PID" 2>/dev/null; rm -rf "$WORK"; }
trap cleanup EXIT
PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
ARGS=(--port "$PORT" --data-dir "$WORK/data" --checkpoint-interval 0 --checkpoint-wal-size 0)
start() { "$BIN" "${ARGS[@]}" >"$WORK/$1.log" 2>&1 & PID=$!
  for _ in $(seq 12000); do grep -q "listening on" "$WORK/$1.log" && return 0; sleep 0.05; done; return 1; }
sql() { psql -X -q -h 127.0.0.1 -p "$PORT" -U postgres -d postgres "$@"; }

"$GEN" csv -s "$SCALE" --output-dir "$WORK/csv" >/dev/null
start load
sql -f tools/bench/tpch/schema.sql
load_start=$(date +%s.%N)
for table in region nation supplier customer part partsupp orders lineitem; do
  sql -c "\\copy $table from '$WORK/csv/$table.csv' with (format csv, header true)"
done
echo "SF $SCALE loaded in $(echo "$(date +%s.%N) - $load_start" | bc) s; WAL: $(du -sh "$WORK/data/wal" | cut -f1)"
kill -9 "$PID"; wait "$PID" 2>/dev/null || true
start replay
grep -o "recovery: .*" "$WORK/replay.log"
echo "lineitem rows: $(sql -tA -c 'SELECT count(*) FROM lineitem')"
sql -c "CHECKPOINT"
grep -o "checkpoint at LSN .*" "$WORK/replay.log" || true
kill -9 "$PID"; wait "$PID" 2>/dev/null || true
start checkpoint
grep -o "recovery: .*" "$WORK/checkpoint.log"
echo "checkpoint file: $(du -sh "$WORK/data/checkpoint" | cut -f1)"
echo "lineitem rows: $(sql -tA -c 'SELECT count(*) FROM lineitem')"
kill "$PID"; wait "$PID" || true
PID=
