#!/bin/bash
# The reads with no answer kept (PUBLIC_CACHE_TTL=0s, issue 18 item 4), before and after a
# change: for each call, a server from each checkout in turn, wrk -t2 -c50 for 2 s of warm-up
# then SECONDS_EACH s measured, and the CPU per answer of the server and of its PostgreSQL
# backends (from /proc). Run it under the machine lock:
#
#   flock /tmp/kinora-heavy.lock bench/load/nothing-kept.sh <database> <data dir> <work dir> \
#     <checkout before> <checkout after> [seconds] [rounds]
#
# The work dir holds the paths (home.txt, video.txt, chname.txt, chvideos.txt, feed.txt) and
# tokens.txt for the feed, made from the seeded database as bench/README.md says. CALLS names
# the calls to run (default: home video chname chvideos feed; search.txt for search).
set -u
DB=$1 DATA=$2 WORK=$3 BEFORE=$4 AFTER=$5 SECONDS_EACH=${6:-6} ROUNDS=${7:-1}
# DB_BEFORE: the "before" server's own copy, when the change migrates the database (each server
# on the schema of its own checkout); the same database by default.
DB_BEFORE=${DB_BEFORE:-$DB}
LUA=$(cd "$(dirname "$0")" && pwd)/paths.lua
cpu() { awk '{print $14+$15}' "/proc/$1/stat" 2>/dev/null || echo 0; }
run() { # root port db paths [tokens]
  local root=$1 port=$2 DB=$3 paths=$4 tokens=${5:-}
  (cd "$root" && PUBLIC_CACHE_TTL=0s PORT=$port HOST=127.0.0.1 DATA_DIR=$DATA \
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/$DB LOG_LEVEL=warn WEB_DIST_DIR= \
    AUTH_RATE_LIMIT=100000 ACCESS_TOKEN_TTL=6h \
    exec node $(cat apps/server/node-flags 2>/dev/null) --import tsx apps/server/src/main.ts --role api >"$WORK/server-$port.log" 2>&1) &
  local server=$!
  for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:$port/api/v1/healthcheck" >/dev/null && break; sleep 0.3; done
  export BENCH_PATHS_FILE=$paths
  if [ -n "$tokens" ]; then export BENCH_TOKENS_FILE=$tokens; else unset BENCH_TOKENS_FILE; fi
  wrk -t2 -c50 -d2s --timeout 30s -s "$LUA" "http://127.0.0.1:$port" >/dev/null
  local backends node0 pg0=0 node1 pg1=0 out
  backends=$(psql -h 127.0.0.1 -U postgres -d "$DB" -Atc \
    "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()")
  node0=$(cpu $server); for p in $backends; do pg0=$((pg0 + $(cpu $p))); done
  out=$(wrk -t2 -c50 -d"${SECONDS_EACH}s" --timeout 30s -s "$LUA" "http://127.0.0.1:$port" | grep BENCH_RESULT)
  node1=$(cpu $server); for p in $backends; do pg1=$((pg1 + $(cpu $p))); done
  kill -INT $server; wait $server 2>/dev/null
  node -e "const j = ${out#BENCH_RESULT }; const s = j.duration_us / 1e6;
    console.log([(j.requests / s).toFixed(0) + ' req/s', 'p50 ' + (j.p50_us / 1000).toFixed(1),
      'p99 ' + (j.p99_us / 1000).toFixed(1) + ' ms', 'non-2xx ' + j.non2xx,
      'cpu/answer node ' + ((${node1} - ${node0}) * 10 / j.requests).toFixed(3) + ' + pg ' +
      ((${pg1} - ${pg0}) * 10 / j.requests).toFixed(3) + ' ms',
      'load ' + require('os').loadavg()[0].toFixed(1)].join(', '))"
}
echo "nothing kept, $(date -u +%FT%H:%MZ), before $BEFORE, after $AFTER"
for call in ${CALLS:-home video chname chvideos feed}; do
  tokens=''; [ "$call" = feed ] && tokens=$WORK/tokens.txt
  for _ in $(seq 1 "$ROUNDS"); do
    echo "$call before: $(run "$BEFORE" 3551 "$DB_BEFORE" "$WORK/$call.txt" $tokens)"
    echo "$call after:  $(run "$AFTER" 3552 "$DB" "$WORK/$call.txt" $tokens)"
  done
done
