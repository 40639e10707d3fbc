-- The brute force a contestant would write instead of a rules file's `gamesolver solve`: a plain
-- memoised recursion in the stock interpreter, cut-offs included, that works out only what the
-- answer reads (the baseline of tests/bench/contest_bench.sh; not a reference: the tests use
-- tests/rules/memo_search.lua, which shares nothing with either).
--   lua5.4 contestant_brute.lua RULES.lua FILE
-- For each case of read(text): who wins by a search that stops at the first winning move
-- (r.outcome, and each move's outcome for r.children); the Grundy number (r.sg), the margin
-- (r.margin) or the remoteness (r.value, r.moves_left) by a full memoised recursion; answer(r, p)
-- printed. Acyclic games only, as a contestant's recursion is.
dofile(arg[1])
local f = assert(io.open(arg[2], "rb"))
local text = f:read("a")
f:close()

local function key(v)
  local t = type(v)
  if t == "number" then return string.format("%d", v) end
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

local out = {}
for _, p in ipairs(game.read(text)) do
  local partisan = game.partisan
  local function extra(who) if partisan then return who end end
  local function nextPlayer(s, who) return 3 - who end
  -- Who wins, for the player to move: "win", "loss" or "draw", stopping at a winning move.
  local outcomes = {}
  local function outcome(s, who)
    local k = key(s) .. (partisan and "/" .. who or "")
    local known = outcomes[k]
    if known then return known end
    local moves = game.moves(s, p, extra(who))
    local best
    if #moves == 0 then
      best = game.result and game.result(s, p, extra(who)) or "loss"
    else
      best = "loss"
      for _, m in ipairs(moves) do
        local o = outcome(game.play(s, m, p, extra(who)), nextPlayer(s, who))
        if o == "loss" then best = "win" break end
        if o == "draw" then best = "draw" end
      end
    end
    outcomes[k] = best
    return best
  end
  -- Remoteness (odd: a win for the player to move), for r.value and r.moves_left.
  local remote = {}
  local function remoteness(s, who)
    local k = key(s) .. (partisan and "/" .. who or "")
    if remote[k] then return remote[k] end
    local best
    for _, m in ipairs(game.moves(s, p, extra(who))) do
      local c = remoteness(game.play(s, m, p, extra(who)), nextPlayer(s, who)) + 1
      if best == nil then best = c
      elseif best % 2 == 1 then if c % 2 == 1 and c < best then best = c end
      elseif c % 2 == 1 or c > best then best = c end
    end
    remote[k] = best or 0
    return remote[k]
  end
  local grundyMemo = {}
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
    if grundyMemo[k] then return grundyMemo[k] end
    local seen = {}
    for _, m in ipairs(game.moves(s, p)) do seen[grundy(game.play(s, m, p))] = true end
    local g = 0
    while seen[g] do g = g + 1 end
    grundyMemo[k] = g
    return g
  end
  local marginMemo = {}
  local function margin(s, who)  -- the first player's margin from here
    local k = key(s) .. "/" .. who
    if marginMemo[k] then return marginMemo[k] end
    local moves = game.moves(s, p, extra(who))
    local best
    if #moves == 0 then best = game.score and game.score(s, p, extra(who)) or 0 end
    for _, m in ipairs(moves) do
      local g = game.gain and game.gain(s, m, p, extra(who)) or 0
      local v = (who == 1 and g or -g) + margin(game.play(s, m, p, extra(who)), 3 - who)
      if best == nil or (who == 1 and v > best) or (who == 2 and v < best) then best = v end
    end
    marginMemo[k] = best
    return best
  end
  local start = game.start(p)
  local scored = game.gain ~= nil or game.score ~= nil
  local r = setmetatable({}, {__index = function(r, field)
    if field == "outcome" and not scored then
      if game.impartial and game.parts then return grundy(start) ~= 0 and "win" or "loss" end
      return outcome(start, 1)
    elseif field == "sg" and game.impartial then
      return grundy(start)
    elseif field == "margin" and scored then
      return margin(start, 1)
    elseif field == "moves_left" and not scored and not game.impartial then
      return remoteness(start, 1)
    elseif field == "value" then
      if game.impartial then return "sg " .. grundy(start) end
      if scored then return tostring(margin(start, 1)) end
      local k = remoteness(start, 1)
      return (k % 2 == 1 and "win " or "loss ") .. k
    elseif field == "children" then
      local children = {}
      for _, m in ipairs(game.moves(start, p, extra(1))) do
        local child = {move = m, name = game.name and game.name(m, start, p, extra(1)) or tostring(m)}
        local after = game.play(start, m, p, extra(1))
        setmetatable(child, {__index = function(c, f)
          if f == "outcome" then
            local o = outcome(after, 2)
            return o == "win" and "loss" or o == "loss" and "win" or "draw"
          end
        end})
        children[#children + 1] = child
      end
      return children
    end
  end})
  out[#out + 1] = game.answer and game.answer(r, p) or r.value
end
io.write(table.concat(out, "\n"), "\n")
