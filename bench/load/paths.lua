-- wrk script of the load benchmark: each request GETs the next path of BENCH_PATHS_FILE (one
-- path a line), each thread starting at a different place, and done() prints the figures as one
-- JSON line that bench/load/load.ts reads (wrk's own summary has no p95).
local paths = {}
for line in io.lines(os.getenv("BENCH_PATHS_FILE")) do
  if #line > 0 then paths[#paths + 1] = line end
end
if #paths == 0 then error("BENCH_PATHS_FILE has no paths") end

local threads = 0
function setup(thread)
  thread:set("offset", threads * 7919)
  threads = threads + 1
end

local i = 0
function init(args)
  i = (offset or 0) % #paths
end

function request()
  i = i % #paths + 1
  return wrk.format("GET", paths[i])
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'BENCH_RESULT {"requests":%d,"duration_us":%d,"bytes":%d,"p50_us":%d,"p75_us":%d,' ..
    '"p90_us":%d,"p95_us":%d,"p99_us":%d,"max_us":%d,"mean_us":%.1f,"non2xx":%d,' ..
    '"connect_errors":%d,"read_errors":%d,"write_errors":%d,"timeouts":%d}\n',
    summary.requests, summary.duration, summary.bytes, latency:percentile(50),
    latency:percentile(75), latency:percentile(90), latency:percentile(95),
    latency:percentile(99), latency.max, latency.mean, e.status, e.connect, e.read, e.write,
    e.timeout))
end
