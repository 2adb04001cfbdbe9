-- wrk script: GET a list page with a query string that never repeats (`v=<thread>-<n>`), so the server's
-- rendered-page cache never answers and every request queries SQLite and renders the template.
-- The server ignores the extra parameter; Benchmarks/run.sh passes the page in PARSNIP_PATH:
--   PARSNIP_PATH='/todos?after=…' wrk -s Benchmarks/uncached.lua http://127.0.0.1:PORT

local path = os.getenv("PARSNIP_PATH") or "/todos"
local separator = path:find("?", 1, true) and "&" or "?"

local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("thread_id", threads)
end

local counter = 0
function request()
  counter = counter + 1
  return wrk.format("GET", path .. separator .. "v=" .. tostring(thread_id or 0) .. "-" .. counter)
end
