-- wrk script: saves through the Parse REST API, each with a body that never repeats. Benchmarks/saves.sh passes:
--   PARSNIP_PATH    the path (/parse/classes/<Class>, or /parse/classes/<Class>/<objectId> to update one object)
--   PARSNIP_METHOD  POST (default) or PUT
--   PARSNIP_BODY    the JSON body; every "%s" becomes "<thread>-<n>", unique over the run
--   PARSNIP_KEY     X-Parse-Master-Key
local path = os.getenv("PARSNIP_PATH") or "/parse/classes/TodoListItem"
local method = os.getenv("PARSNIP_METHOD") or "POST"
local body = os.getenv("PARSNIP_BODY") or '{"title":"Save %s"}'

local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("thread_id", threads)
end

function init(args)
  wrk.headers["X-Parse-Application-Id"] = "parsnip"
  wrk.headers["Content-Type"] = "application/json"
  wrk.headers["X-Parse-Master-Key"] = os.getenv("PARSNIP_KEY") or ""
end

local counter = 0
function request()
  counter = counter + 1
  local unique = tostring(thread_id or 0) .. "-" .. counter
  return wrk.format(method, path, nil, (body:gsub("%%s", unique)))
end
