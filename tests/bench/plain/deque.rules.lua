-- EDPC L "Deque" as rules written for speed (the bench's second gamesolver row): the same game
-- as web/examples/rules/deque.lua, with the position a_i .. a_j left as the integer i * 2^20 + j
-- and the two moves one constant list, so that no call of the rules allocates anything; children
-- gives the memo search both children and their gains in one call.
local W = 1 << 20
local BOTH, NONE = {"front", "back"}, {}

game = {
  title = "Deque (EDPC L), integer positions",
  read = function(text)
    local t = {}
    for word in text:gmatch("%S+") do
      local x = math.tointeger(tonumber(word))
      if not x then error("not an integer: " .. word) end
      t[#t + 1] = x
    end
    local n = t[1]
    if not (n and #t == 1 + n and n < W) then error("expected N < 2^20 and then N numbers") end
    local a = {}
    for i = 1, n do a[i] = t[1 + i] end
    return { {a = a} }
  end,
  start = function(p) return W + #p.a end,
  moves = function(s, p)
    if s // W > s % W then return NONE end
    return BOTH
  end,
  play = function(s, mv, p)
    if mv == "front" then return s + W end
    return s - 1
  end,
  gain = function(s, mv, p) return mv == "front" and p.a[s // W] or p.a[s % W] end,
  -- The same two children with their gains, for the memo search: no call of play and gain.
  children = function(s, p, visit)
    local i, j = s // W, s % W
    if i > j then return end
    local a = p.a
    visit(s + W, a[i])
    visit(s - 1, a[j])
  end,
  answer = function(r, p) return string.format("%d", r.margin) end,
}
