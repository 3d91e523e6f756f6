-- wrk script of the traffic model (bench/traffic/traffic.ts): each request GETs the next line of
-- BENCH_PATHS_FILE, each thread starting at a different place. A line "V <path>" is a visitor's
-- request (no token); any other line is a signed-in person's, sent with the next token of
-- BENCH_TOKENS_FILE as `Authorization: Bearer` (one token a line), tokens moving at their own
-- pace so that each path is asked by many people. done() prints the figures as one JSON line,
-- as bench/load/paths.lua does (wrk's own summary has no p95).
local function lines(file)
  local list = {}
  for line in io.lines(file) do
    if #line > 0 then list[#list + 1] = line end
  end
  return list
end

local paths = lines(os.getenv("BENCH_PATHS_FILE"))
if #paths == 0 then error("BENCH_PATHS_FILE has no paths") end
local tokens = {}
if os.getenv("BENCH_TOKENS_FILE") then tokens = lines(os.getenv("BENCH_TOKENS_FILE")) end

local threads = 0
function setup(thread)
  thread:set("offset", threads * 7919)
  threads = threads + 1
end

local i = 0
local t = 0
function init(args)
  i = (offset or 0) % #paths
  t = (offset or 0) % math.max(#tokens, 1)
end

function request()
  i = i % #paths + 1
  -- Each pass over the paths moves the tokens one step more, so a path is asked by another
  -- person on every pass: moving in step, 2,000 tokens over 500 paths gave each path the same
  -- four people for good (one of them a playlist's owner, whose answer is never shared).
  if i == 1 and #tokens > 0 then t = t % #tokens + 1 end
  local line = paths[i]
  if string.sub(line, 1, 2) == "V " then return wrk.format("GET", string.sub(line, 3)) end
  if #tokens == 0 then return wrk.format("GET", line) end
  t = t % #tokens + 1
  return wrk.format("GET", line, { Authorization = "Bearer " .. tokens[t] })
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
