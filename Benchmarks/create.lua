-- wrk script: POST /todos the way a browser does, with the CSRF cookie, the `_csrf` form field and an
-- `Origin` header. Benchmarks/run.sh fetches the token from GET /todos/new and passes it in the environment:
--   PARSNIP_CSRF=<cookie> [PARSNIP_FORM_TOKEN=<_csrf field>] PARSNIP_ORIGIN=http://127.0.0.1:PORT wrk -s Benchmarks/create.lua URL/todos

local token = os.getenv("PARSNIP_CSRF") or error("PARSNIP_CSRF is not set")
local origin = os.getenv("PARSNIP_ORIGIN") or error("PARSNIP_ORIGIN is not set")
-- The hidden field normally equals the cookie (double submit); run.sh passes the form's value separately anyway.
local form_token = os.getenv("PARSNIP_FORM_TOKEN") or token

local function urlencode(text)
  return (text:gsub("[^%w%-%._~]", function(c) return string.format("%%%02X", string.byte(c)) end))
end

local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("thread_id", threads)
end

local counter = 0
local encoded_token = urlencode(form_token)

function init(args)
  wrk.method = "POST"
  wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
  wrk.headers["Cookie"] = "parsnip_csrf=" .. token
  wrk.headers["Origin"] = origin
end

function request()
  counter = counter + 1
  local title = urlencode("Benchmark to-do " .. tostring(thread_id or 0) .. "-" .. counter)
  local body = "title=" .. title .. "&description=" .. urlencode("Created by wrk to measure saving speed.")
    .. "&_csrf=" .. encoded_token
  return wrk.format(nil, nil, nil, body)
end

-- A 403 (expired token) is not a save: wrk counts it among non-2xx/3xx answers, and run.sh fails the run on any.
function done(summary, latency, requests)
  io.write(string.format("create.lua: %d requests, %d non-2xx/3xx (wrk's own count)\n",
    summary.requests, summary.errors.status))
end
