-- wrk script: GET one page per recipe, spread over every seeded recipe, so the benchmark is not one hot page.
-- Benchmarks/run.sh passes the ids file written by `parsnip-seed --ids-out` and the page's path pattern:
--   PARSNIP_IDS=ids.txt PARSNIP_PAGE='/recipes/%s/edit' [PARSNIP_UNCACHED=1] wrk -s Benchmarks/recipe-pages.lua URL
-- `%s` is replaced by an objectId. Each thread walks the ids in order from its own starting point, so every
-- recipe is asked for about equally often.
-- PARSNIP_UNCACHED=1 makes every request miss the server's page cache. The recipe page and the editor are
-- cached per path (the query string is not part of the key), so uncached.lua's `v=` trick would not do it;
-- instead each request carries a one-time message cookie (`parsnip_flash`, as after a save), and a page with a
-- message is always rendered for its visitor alone. The page then also shows that short banner.

local ids_path = os.getenv("PARSNIP_IDS") or error("PARSNIP_IDS is not set")
local page = os.getenv("PARSNIP_PAGE") or "/recipes/%s"
local uncached = os.getenv("PARSNIP_UNCACHED") == "1"

local ids = {}
for line in io.lines(ids_path) do
  if line ~= "" then ids[#ids + 1] = line end
end
if #ids == 0 then error("no ids in " .. ids_path) end

local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("thread_id", threads)
end

function init(args)
  if uncached then
    wrk.headers["Cookie"] = "parsnip_flash=m=Benchmark%20run"
  end
end

local counter = 0
local offset = nil
function request()
  if offset == nil then
    -- Threads start far apart in the list (thread_id is set by setup before the first request).
    offset = ((thread_id or 1) - 1) * math.floor(#ids / 2)
  end
  local id = ids[(offset + counter) % #ids + 1]
  counter = counter + 1
  local path = page:gsub("%%s", id)
  return wrk.format("GET", path)
end
