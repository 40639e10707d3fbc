-- A straightforward memoised search over a rules file, in plain Lua: the reference the
-- benchmark and the judge samples compare against, and an independent check of the solver's
-- values. It shares nothing with the solver but the rules file.
--
--   lua5.4 memo_search.lua RULES.lua [NAME=VALUE ...]
--       the start position's value as `gamesolver value` prints it: win K, loss K, draw K,
--       sg G or the first player's margin (p holds the parameters).
--   lua5.4 memo_search.lua RULES.lua --input FILE        (FILE "-": standard input)
--       the judge's output, as `gamesolver solve` prints it: read(text) gives the cases; each
--       case (it is p) is solved and answer(r, p) printed on its own line (r.value without
--       answer). r is described in spec/contract_v2.md (value, outcome, moves_left, sg,
--       margin, children).
--   lua5.4 memo_search.lua RULES.lua --random SEED SIZE
--       prints the judge input random(SEED, SIZE) makes.
--
-- Acyclic games only: a position that repeats on the current line of play is refused with a
-- message (the solver's retrograde analysis handles cycles; this does not). The recursion is
-- Lua's own, so a game more than about 90,000 moves deep overflows the interpreter's stack.
--
-- With MEMO_STATS set, --input writes each case's number of positions solved to standard error.
--
-- The rules run in an environment like the sandbox's: no io, os, print, require, load or
-- math.random. A call that changes the position it is given, or a case p that changes while it
-- is solved, is an error.

local rules_path = arg[1]
if not rules_path then
  io.stderr:write("usage: lua5.4 memo_search.lua RULES.lua [NAME=VALUE ... | --input FILE | "
                  .. "--random SEED SIZE]\n")
  os.exit(2)
end

-- The rules' environment: Lua's base functions that compute, string (no dump), table, math
-- (no random) and utf8.
local env = {}
for _, name in ipairs({"assert", "error", "ipairs", "next", "pairs", "pcall", "rawequal",
                       "rawget", "rawlen", "rawset", "select", "setmetatable", "getmetatable",
                       "tonumber", "tostring", "type", "xpcall", "_VERSION"}) do
  env[name] = _G[name]
end
local function copy_library(library, without)
  local t = {}
  for name, f in pairs(library) do
    if not without[name] then t[name] = f end
  end
  return t
end
env.string = copy_library(string, {dump = true})
env.table = copy_library(table, {})
env.math = copy_library(math, {random = true, randomseed = true})
env.utf8 = copy_library(utf8, {})
local chunk, load_error = loadfile(rules_path, "t", env)
if not chunk then error(load_error, 0) end
chunk()
local game = env.game
if type(game) ~= "table" then error(rules_path .. " defines no table `game`", 0) end

-- The canonical key of a value (integers, strings, booleans and tables with sorted keys): two
-- positions are the same exactly when their keys are equal.
local function key(v, depth)
  depth = depth or 0
  if depth > 200 then error("a value nested more than 200 tables deep (does it contain itself?)") end
  local t = type(v)
  if t == "number" then
    local i = math.tointeger(v)
    if not i then error("the number " .. tostring(v) .. " is not whole") end
    return "i" .. string.format("%d", i)
  end
  if t == "string" then return "s" .. #v .. ":" .. v end
  if t == "boolean" then return v and "T" or "F" end
  if t ~= "table" then error("a " .. t .. " is not a position or a move") end
  local keys = {}
  for k in pairs(v) do keys[#keys + 1] = k end
  table.sort(keys, function(x, y)
    if type(x) ~= type(y) then return type(x) < type(y) end
    if type(x) == "boolean" then return not x and y end
    return x < y
  end)
  local parts = {}
  for _, k in ipairs(keys) do parts[#parts + 1] = key(k, depth + 1) .. "=" .. key(v[k], depth + 1) end
  return "{" .. table.concat(parts, ",") .. "}"
end

-- A value's canonical text, as the solver writes a move it has no name for: {1, 2},
-- {from = 3, to = 5}, "left" (a top-level string bare). Keys in order: integers, strings,
-- false, true.
local keywords = {}
for word in ("and break do else elseif end false for function goto if in local nil not or "
             .. "repeat return then true until while"):gmatch("%a+") do
  keywords[word] = true
end
local function is_identifier(s)
  return s:match("^[%a_][%w_]*$") ~= nil and not keywords[s]
end
local function quoted(s)
  return '"' .. s:gsub('[%c"\\]', function(c)
    if c == '"' or c == "\\" then return "\\" .. c end
    if c == "\n" then return "\\n" end
    return "\\" .. string.byte(c)
  end) .. '"'
end
local function key_rank(k)
  if type(k) == "number" then return 1 end
  if type(k) == "string" then return 2 end
  return k and 4 or 3
end
local function text(v, bare)
  local t = type(v)
  if t == "number" then return string.format("%d", math.tointeger(v)) end
  if t == "string" then return bare and v or quoted(v) end
  if t == "boolean" then return tostring(v) end
  local keys = {}
  for k in pairs(v) do keys[#keys + 1] = k end
  table.sort(keys, function(x, y)
    if key_rank(x) ~= key_rank(y) then return key_rank(x) < key_rank(y) end
    if type(x) == "boolean" then return false end
    return x < y
  end)
  local items, next_index = {}, 1
  for _, k in ipairs(keys) do
    local item = text(v[k])
    if math.type(k) == "integer" and k == next_index then
      next_index = next_index + 1
    else
      next_index = 0
      if type(k) == "string" and is_identifier(k) then
        item = k .. " = " .. item
      else
        item = "[" .. text(k) .. "] = " .. item
      end
    end
    items[#items + 1] = item
  end
  return "{" .. table.concat(items, ", ") .. "}"
end

local function whole(v, what)
  local i = math.type(v) and math.tointeger(v)
  if not i then error(what .. " must return a whole number, not " .. tostring(v)) end
  return i
end

-- The game's kind, and the rules' functions with the player to move passed last when the game
-- is partisan (who: 1 or 2).
local partisan = game.partisan == true
local impartial = game.impartial == true
local scored = game.gain ~= nil or game.score ~= nil
local p  -- the case being solved (or the parameters)
local function extra(who)
  if partisan then return who end
  return nil
end
local function moves_at(s, who) return game.moves(s, p, extra(who)) end
local function play(s, mv, who) return game.play(s, mv, p, extra(who)) end
local function next_player(child, who)
  if game.mover then return game.mover(child, p) end
  return 3 - who
end

local memo, on_path = {}, {}
local function enter(k)
  if on_path[k] then
    error("a position repeats on the current line of play (" .. k .. "): memo_search handles "
          .. "acyclic games only")
  end
  on_path[k] = true
end
local function unchanged(s, before, what)
  if key(s) ~= before then error(what .. " changed the position it was given: return a new one") end
end

-- Impartial games: the Sprague-Grundy number (with parts: the xor of the parts').
local function grundy(s)
  if game.parts then
    local parts = game.parts(s, p)
    if not (#parts == 1 and key(parts[1]) == key(s)) then
      local x = 0
      for _, part in ipairs(parts) do x = x ~ grundy(part) end
      return x
    end
  end
  local k = key(s)
  if memo[k] then return memo[k] end
  enter(k)
  local seen = {}
  for _, mv in ipairs(moves_at(s)) do seen[grundy(play(s, mv))] = true end
  unchanged(s, k, "moves or play")
  local g = 0
  while seen[g] do g = g + 1 end
  on_path[k] = nil
  memo[k] = g
  return g
end

-- Scored games: the first player's margin from s (the points still to come), `who` to move;
-- the first player maximises it, the second minimises it.
local margin
-- The margin of move mv for the player who makes it: the maker's points minus the other's
-- from here on, both playing perfectly after the move, the move's own gain included.
local function move_margin(s, mv, who)
  local g = game.gain and whole(game.gain(s, mv, p, extra(who)), "gain") or 0
  local child = play(s, mv, who)
  local first = (who == 1 and g or -g) + margin(child, next_player(child, who))
  return who == 1 and first or -first
end
function margin(s, who)
  local k = key(s)
  local node = k .. "/" .. who
  if memo[node] ~= nil then return memo[node] end
  enter(node)
  local best
  local list = moves_at(s, who)
  if #list == 0 then
    best = game.score and whole(game.score(s, p, extra(who)), "score") or 0
  else
    local mine
    for _, mv in ipairs(list) do
      local m = move_margin(s, mv, who)
      if mine == nil or m > mine then mine = m end
    end
    best = who == 1 and mine or -mine
  end
  unchanged(s, k, "moves, gain, play or score")
  on_path[node] = nil
  memo[node] = best
  return best
end

-- Normal play (with result: misère ends and drawn ends too): {outcome = "win" | "loss" |
-- "draw", k = the moves left}, for the player to move. The winner hurries, the loser delays,
-- and a drawn end is reached in the fewest moves.
local solve
local flip = {win = "loss", loss = "win", draw = "draw"}
-- Move mv seen from the player who makes it.
local function move_verdict(s, mv, who)
  local child = play(s, mv, who)
  local child_who = next_player(child, who)
  local c = solve(child, child_who)
  return {outcome = child_who == who and c.outcome or flip[c.outcome], k = c.k + 1}
end
local rank = {loss = 1, draw = 2, win = 3}
local function better(a, b)  -- is verdict a better than b for the player choosing?
  if rank[a.outcome] ~= rank[b.outcome] then return rank[a.outcome] > rank[b.outcome] end
  if a.outcome == "loss" then return a.k > b.k end
  return a.k < b.k
end
function solve(s, who)
  local k = key(s)
  local node = partisan and (k .. "/" .. who) or k
  if memo[node] then return memo[node] end
  enter(node)
  local best
  for _, mv in ipairs(moves_at(s, who)) do
    local v = move_verdict(s, mv, who)
    if best == nil or better(v, best) then best = v end
  end
  if best == nil then
    local outcome = game.result and game.result(s, p, extra(who)) or "loss"
    if not rank[outcome] then
      error('result must return "win", "loss" or "draw", not ' .. tostring(outcome))
    end
    best = {outcome = outcome, k = 0}
  end
  unchanged(s, k, "moves, play or result")
  on_path[node] = nil
  memo[node] = best
  return best
end

local function verdict_text(v) return v.outcome .. " " .. v.k end

-- r for the start position s, `who` to move: see spec/contract_v2.md, "answer(r, p)".
local function describe(s, who)
  local r = {children = {}}
  if impartial then
    r.sg = grundy(s)
    r.value = "sg " .. r.sg
    r.outcome = r.sg ~= 0 and "win" or "loss"
  elseif scored then
    r.margin = margin(s, who)
    r.value = string.format("%d", r.margin)
  else
    local v = solve(s, who)
    r.outcome, r.moves_left, r.value = v.outcome, v.k, verdict_text(v)
  end
  for _, mv in ipairs(moves_at(s, who)) do
    local child = {move = mv}
    if game.name then
      child.name = game.name(mv, s, p, extra(who))
    else
      child.name = text(mv, true)
    end
    if impartial then
      child.sg = grundy(play(s, mv, who))
      child.outcome = child.sg == 0 and "win" or "loss"
      child.value = "sg " .. child.sg
    elseif scored then
      child.margin = move_margin(s, mv, who)
      child.value = string.format("%d", child.margin)
    else
      local v = move_verdict(s, mv, who)
      child.outcome, child.moves_left, child.value = v.outcome, v.k, verdict_text(v)
    end
    r.children[#r.children + 1] = child
  end
  return r
end

local function first_player(s)
  if game.mover then return game.mover(s, p) end
  return 1
end

-- read's second argument, the reader of the judge's input (web/guides/contract.md: read), written again in plain
-- Lua: its errors name the same place (line and column) in plain words.
function input_reader(text)
  local at = text:sub(1, 3) == "\xEF\xBB\xBF" and 4 or 1
  local last = at
  local function place(pos)  -- the line and column of byte pos (line ends "\n", "\r\n", "\r")
    local line, start, k = 1, text:sub(1, 3) == "\xEF\xBB\xBF" and 4 or 1, 1
    while true do
      local b = text:find("[\r\n]", k)
      if not b or b >= pos then break end
      k = text:sub(b, b + 1) == "\r\n" and b + 2 or b + 1
      line, start = line + 1, k
    end
    return line, pos - start + 1
  end
  local function fail(pos, what)
    local line, column = place(pos)
    error(string.format("the judge's input, line %d, column %d: %s", line, column, what), 0)
  end
  local reader = {}
  local function token(what)
    local from, to = text:find("^[ \t\r\n\v\f]*", at)
    local start = to + 1
    if start > #text then fail(start, "expected " .. what .. ", found the end of the input") end
    local stop = text:find("[ \t\r\n\v\f]", start) or #text + 1
    return text:sub(start, stop - 1), start, stop
  end
  function reader:int(lo, hi)
    local what = lo and string.format("an integer from %d to %d", lo, hi) or "an integer"
    local word, start, stop = token(what)
    local value = word:match("^%-?%d+$") and math.tointeger(tonumber(word))
    if value and tostring(value) ~= word:gsub("^(%-?)0+(%d)", "%1%2"):gsub("^%-0$", "0") then
      value = nil  -- past 64 bits (tonumber wraps or gives a float)
    end
    if not value or (lo and (value < lo or value > hi)) then
      fail(start, "expected " .. what .. ", found '" .. word .. "'")
    end
    at, last = stop, start
    return value
  end
  function reader:ints(n, lo, hi)
    local list = {}
    for i = 1, n do list[i] = self:int(lo, hi) end
    return list
  end
  function reader:word()
    local word, start, stop = token("a word")
    at, last = stop, start
    return word
  end
  function reader:line()
    if at > #text then fail(at, "expected a line, found the end of the input") end
    local stop = text:find("[\r\n]", at) or #text + 1
    local line = text:sub(at, stop - 1)
    last = at
    at = text:sub(stop, stop + 1) == "\r\n" and stop + 2 or stop + 1
    return line
  end
  function reader:eof() return text:find("^[ \t\r\n\v\f]*$", at) ~= nil end
  function reader:finish()
    if not self:eof() then
      local word, start = token("the end of the input")
      fail(start, "expected the end of the input, found '" .. word .. "'")
    end
  end
  function reader:fail(message) fail(last, message) end
  return reader
end

if arg[2] == "--random" then
  local seed, size = math.tointeger(tonumber(arg[3])), math.tointeger(tonumber(arg[4]))
  if not (seed and size) then error("--random needs SEED and SIZE, whole numbers", 0) end
  if not game.random then error(rules_path .. " has no random(seed, size)", 0) end
  local input = game.random(seed, size)
  if type(input) ~= "string" then error("random must return a string", 0) end
  io.write(input)
  if input:sub(-1) ~= "\n" then io.write("\n") end
elseif arg[2] == "--input" then
  local file = arg[3]
  if not file then error("--input needs a FILE (- for standard input)", 0) end
  local input
  if file == "-" then
    input = io.read("a")
  else
    local f = assert(io.open(file, "rb"))
    input = f:read("a")
    f:close()
  end
  if not game.read then error(rules_path .. " has no read(text)", 0) end
  local cases = game.read(input, input_reader(input))
  if type(cases) ~= "table" or #cases < 1 then
    error("read must return an array of at least one case", 0)
  end
  for i, case in ipairs(cases) do
    local ok, result = xpcall(function()
      p = case
      local before = key(p)
      memo, on_path = {}, {}
      local s = game.start(p)
      local r = describe(s, first_player(s))
      local out = r.value
      if game.answer then out = game.answer(r, p) end
      if type(out) ~= "string" then error("answer must return a string, not " .. type(out)) end
      if key(p) ~= before then error("the case p changed while it was solved: p is read-only") end
      if os.getenv("MEMO_STATS") then
        local count = 0
        for _ in pairs(memo) do count = count + 1 end
        io.stderr:write(string.format("case %d: %d positions\n", i, count))
      end
      return out
    end, debug.traceback)
    if not ok then
      io.stderr:write("memo_search: case " .. i .. ": " .. tostring(result) .. "\n")
      os.exit(1)
    end
    print(result)
  end
else
  p = {}
  for _, spec in ipairs(game.params or {}) do p[spec[1]] = spec[2] end
  for i = 2, #arg do
    local name, value = arg[i]:match("^([%w_]+)=(-?%d+)$")
    if not name then error("a parameter is NAME=VALUE, not " .. arg[i], 0) end
    p[name] = math.tointeger(tonumber(value))
  end
  local s = game.start(p)
  print(describe(s, first_player(s)).value)
end
