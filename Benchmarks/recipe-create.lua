-- wrk script: "Save as new recipe" the way a browser sends it: POST /recipes with the editor's fields (a full
-- recipe: 3 ingredients, 2 side options, 2 nutrition entries), the CSRF cookie, the `_csrf` field and Origin.
-- Benchmarks/run.sh fetches the token from GET /recipes/new and passes it in the environment:
--   PARSNIP_CSRF=<cookie> [PARSNIP_FORM_TOKEN=<_csrf field>] PARSNIP_ORIGIN=http://127.0.0.1:PORT \
--     wrk -s Benchmarks/recipe-create.lua URL/recipes
-- Each answer should be 303 to the new recipe; anything else is counted by wrk as a non-2xx/3xx answer.

local token = os.getenv("PARSNIP_CSRF") or error("PARSNIP_CSRF is not set")
local origin = os.getenv("PARSNIP_ORIGIN") or error("PARSNIP_ORIGIN is not set")
local form_token = os.getenv("PARSNIP_FORM_TOKEN") or token

local function urlencode(text)
  return (text:gsub("[^%w%-%._~]", function(c) return string.format("%%%02X", string.byte(c)) end))
end

local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("thread_id", threads)
end

-- Everything but the name is the same for every request; the name makes each saved recipe distinct.
local fields = {
  { "servings", "4" },
  { "price", "12.50" },
  { "isAvailable", "true" },
  { "category", "2" },
  { "releaseDate", "2024-05-03" },
  { "ingredient-0-quantity", "1 1/2" },
  { "ingredient-0-description", "cups of red lentils" },
  { "ingredient-1-quantity", "½" },
  { "ingredient-1-description", "onions, finely chopped" },
  { "ingredient-2-quantity", "2" },
  { "ingredient-2-description", "tins of chopped tomatoes" },
  { "side-0", "Steamed rice" },
  { "side-1", "Naan bread" },
  { "nutrition-0-name", "Calories" },
  { "nutrition-0-value", "320 kcal" },
  { "nutrition-1-name", "Protein" },
  { "nutrition-1-value", "18 g" },
  { "_csrf", form_token },
}
local parts = {}
for _, pair in ipairs(fields) do
  parts[#parts + 1] = pair[1] .. "=" .. urlencode(pair[2])
end
local rest = table.concat(parts, "&")

local counter = 0

function init(args)
  wrk.method = "POST"
  wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
  wrk.headers["Cookie"] = "parsnip_csrf=" .. token
  wrk.headers["Origin"] = origin
end

function request()
  counter = counter + 1
  local name = urlencode("Benchmark lentil curry " .. tostring(thread_id or 0) .. "-" .. counter)
  return wrk.format(nil, nil, nil, "name=" .. name .. "&" .. rest)
end

function done(summary, latency, requests)
  io.write(string.format("recipe-create.lua: %d requests, %d non-2xx/3xx (wrk's own count)\n",
    summary.requests, summary.errors.status))
end
