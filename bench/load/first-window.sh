#!/bin/bash
# The first seconds after a start on a freshly set-up database (issue 18 item 5), before and
# after a change, nothing kept (PUBLIC_CACHE_TTL=0s): for each call and checkout in turn, a
# fresh copy of the seeded database (`CREATE DATABASE … TEMPLATE`; nobody may be connected to
# the template meanwhile), a server started on it as the load run starts it, then, from the
# moment its healthcheck answers, wrk -t2 -c50 for SECONDS_EACH s (the first window) and again
# (the second), with the CPU per answer of the server and its PostgreSQL backends (from /proc)
# and how long the server took to answer its first healthcheck. Run it under the machine lock:
#
#   flock /tmp/kinora-heavy.lock bench/load/first-window.sh <template> <data dir> <work dir> \
#     <checkout before> <checkout after> [seconds] [calls]
#
# The work dir holds the paths as for nothing-kept.sh (home.txt, video.txt, ...). The copy is
# dropped at the end. Signed-in calls need tokens whose sessions are in the template, so the
# default calls are the visitors' ones: home and video.
set -u
TEMPLATE=$1 DATA=$2 WORK=$3 BEFORE=$4 AFTER=$5 SECONDS_EACH=${6:-5} CALLS=${7:-home video}
DB=kinora_first_window
LUA=$(cd "$(dirname "$0")" && pwd)/paths.lua
PSQL="psql -h 127.0.0.1 -U postgres -d postgres -qAt"
cpu() { awk '{print $14+$15}' "/proc/$1/stat" 2>/dev/null || echo 0; }
window() { # name server port
  local backends node0 pg0=0 node1 pg1=0 out
  backends=$(psql -h 127.0.0.1 -U postgres -d "$DB" -Atc \
    "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()")
  node0=$(cpu "$2"); for p in $backends; do pg0=$((pg0 + $(cpu "$p"))); done
  out=$(wrk -t2 -c50 -d"${SECONDS_EACH}s" --timeout 30s -s "$LUA" "http://127.0.0.1:$3" | grep BENCH_RESULT)
  node1=$(cpu "$2"); for p in $backends; do pg1=$((pg1 + $(cpu "$p"))); done
  node -e "const j = ${out#BENCH_RESULT }; const s = j.duration_us / 1e6;
    console.log(['$1 window', (j.requests / s).toFixed(0) + ' req/s', 'p50 ' + (j.p50_us / 1000).toFixed(1),
      'p99 ' + (j.p99_us / 1000).toFixed(1) + ' ms', 'non-2xx ' + j.non2xx,
      'cpu/answer node ' + ((${node1} - ${node0}) * 10 / j.requests).toFixed(3) + ' + pg ' +
      ((${pg1} - ${pg0}) * 10 / j.requests).toFixed(3) + ' ms',
      'load ' + require('os').loadavg()[0].toFixed(1)].join(', '))"
}
run() { # root port paths
  local root=$1 port=$2 started server
  $PSQL -c "drop database if exists $DB"
  until $PSQL -c "create database $DB template $TEMPLATE" 2>/dev/null; do sleep 2; done
  started=$(date +%s%N)
  (cd "$root" && PUBLIC_CACHE_TTL=0s PORT=$port HOST=127.0.0.1 DATA_DIR=$DATA \
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/$DB LOG_LEVEL=warn WEB_DIST_DIR= \
    exec node $(cat apps/server/node-flags 2>/dev/null) --import tsx apps/server/src/main.ts --role api >"$WORK/server-$port.log" 2>&1) &
  server=$!
  for _ in $(seq 1 600); do curl -sf "http://127.0.0.1:$port/api/v1/healthcheck" >/dev/null && break; sleep 0.1; done
  echo "first healthcheck after $(( ($(date +%s%N) - started) / 1000000 )) ms"
  export BENCH_PATHS_FILE=$3
  unset BENCH_TOKENS_FILE
  window first $server "$port"
  window second $server "$port"
  kill -INT $server; wait $server 2>/dev/null
}
echo "first windows, $(date -u +%FT%H:%MZ), before $BEFORE, after $AFTER"
for call in $CALLS; do
  echo "$call before:"; run "$BEFORE" 3553 "$WORK/$call.txt"
  echo "$call after:"; run "$AFTER" 3554 "$WORK/$call.txt"
done
$PSQL -c "drop database if exists $DB"
