-- A straightforward memoised search over a rules file, in plain Lua: the reference the
-- benchmark compares against and an independent check of the solver's values on acyclic games.
--   lua5.4 memo_search.lua RULES.lua [NAME=VALUE ...]
-- Prints the start position's value as `gamesolver value` does: win K, loss K, sg G or a margin.
dofile(arg[1])
local p = {}
for _, spec in ipairs(game.params or {}) do p[spec[1]] = spec[2] end
for i = 2, #arg do
  local name, value = arg[i]:match("^([%w_]+)=(-?%d+)$")
  p[name] = math.tointeger(tonumber(value))
end

-- The canonical key of a value: integers, strings, booleans and tables with sorted keys.
local function key(v)
  local t = type(v)
  if t == "number" then return "i" .. string.format("%d", v) end
  if t == "string" then return "s" .. #v .. ":" .. v end
  if t == "boolean" then return v and "T" or "F" end
  local keys = {}
  for k in pairs(v) do keys[#keys + 1] = k end
  table.sort(keys, function(x, y)
    if type(x) ~= type(y) then return type(x) < type(y) end
    return x < y
  end)
  local parts = {}
  for _, k in ipairs(keys) do parts[#parts + 1] = key(k) .. "=" .. key(v[k]) end
  return "{" .. table.concat(parts, ",") .. "}"
end

local scored = game.gain ~= nil or game.score ~= nil
local memo = {}
local function mover(s, player)
  if game.mover then return game.mover(s, p) end
  return player
end

-- Normal play: remoteness, odd for a win of the player to move (the winner hurries, the loser
-- delays). Impartial: the Grundy number (with parts: xor of the parts'). Scored: the first
-- player's margin from here.
local solve
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
  local seen = {}
  for _, mv in ipairs(game.moves(s, p)) do seen[grundy(game.play(s, mv, p))] = true end
  local g = 0
  while seen[g] do g = g + 1 end
  memo[k] = g
  return g
end
local function remoteness(s)
  local k = key(s)
  if memo[k] then return memo[k] end
  local best
  for _, mv in ipairs(game.moves(s, p)) do
    local r = remoteness(game.play(s, mv, p))
    local candidate = r + 1
    if best == nil then best = candidate
    elseif best % 2 == 1 then  -- winning already: only a quicker win is better
      if candidate % 2 == 1 and candidate < best then best = candidate end
    elseif candidate % 2 == 1 or candidate > best then best = candidate end
  end
  best = best or 0
  memo[k] = best
  return best
end
local function margin(s, player)
  local k = key(s) .. "/" .. player
  if memo[k] ~= nil then return memo[k] end
  local moves = game.moves(s, p)
  local best
  if #moves == 0 then
    best = game.score and game.score(s, p) or 0
  else
    for _, mv in ipairs(moves) do
      local g = game.gain and game.gain(s, mv, p) or 0
      local child = game.play(s, mv, p)
      local v = (player == 1 and g or -g) + margin(child, mover(child, 3 - player))
      if best == nil or (player == 1 and v > best) or (player == 2 and v < best) then best = v end
    end
  end
  memo[k] = best
  return best
end

local s = game.start(p)
if game.impartial then
  print("sg " .. grundy(s))
elseif scored then
  print(string.format("%d", margin(s, mover(s, 1))))
else
  local r = remoteness(s)
  print((r % 2 == 1 and "win " or "loss ") .. r)
end
