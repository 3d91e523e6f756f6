-- wrk script: each request asks for a random 1 MiB byte range of the 200 MB file.
local size = tonumber(os.getenv("BENCH_FILE_SIZE"))
local chunk = 1024 * 1024
math.randomseed(os.time())
request = function()
  local start = math.random(0, size - chunk - 1)
  wrk.headers["Range"] = "bytes=" .. start .. "-" .. (start + chunk - 1)
  return wrk.format("GET", wrk.path)
end
