-- wrk script: the Parse REST API as a ParseSwift app calls it. Benchmarks/run.sh passes, in the environment:
--   PARSNIP_PATH     the path (default /parse/classes/TodoListItem?limit=100)
--   PARSNIP_APP_ID   X-Parse-Application-Id (default parsnip)
--   PARSNIP_KEY      X-Parse-Master-Key, or PARSNIP_SESSION  X-Parse-Session-Token
--   PARSNIP_CREATE=1 POST a new to-do (JSON) instead of the GET
--   PARSNIP_VARY=1   a `where` that never repeats (objectId other than a new made-up one), so nothing can be
--                    answered from a cache of earlier answers
local path = os.getenv("PARSNIP_PATH") or "/parse/classes/TodoListItem?limit=100"
local create = os.getenv("PARSNIP_CREATE") == "1"
local vary = os.getenv("PARSNIP_VARY") == "1"

local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("thread_id", threads)
end

function init(args)
  wrk.headers["X-Parse-Application-Id"] = os.getenv("PARSNIP_APP_ID") or "parsnip"
  wrk.headers["Content-Type"] = "application/json"
  wrk.headers["X-Parse-Client-Version"] = "swift4.14.2"
  local key = os.getenv("PARSNIP_KEY")
  if key and key ~= "" then wrk.headers["X-Parse-Master-Key"] = key end
  local session = os.getenv("PARSNIP_SESSION")
  if session and session ~= "" then wrk.headers["X-Parse-Session-Token"] = session end
end

local counter = 0
function request()
  counter = counter + 1
  local id = tostring(thread_id or 0) .. "-" .. counter
  if create then
    local body = '{"title":"Benchmark to-do ' .. id .. '","done":false}'
    return wrk.format("POST", path, nil, body)
  end
  if vary then
    local where = '%7B%22objectId%22%3A%7B%22%24ne%22%3A%22x' .. id .. '%22%7D%7D'
    local separator = path:find("?", 1, true) and "&" or "?"
    return wrk.format("GET", path .. separator .. "where=" .. where)
  end
  return wrk.format("GET", path)
end

function done(summary, latency, requests)
  io.write(string.format("api.lua: %d requests, %d non-2xx/3xx (wrk's own count)\n",
    summary.requests, summary.errors.status))
end
