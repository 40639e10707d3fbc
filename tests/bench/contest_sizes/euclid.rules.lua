-- POJ 2348 "Euclid's Game"
-- http://poj.org/problem?id=2348
--
-- Two positive integers; Stan (first) and Ollie take turns subtracting from the larger a
-- positive multiple of the smaller, the larger staying non-negative. Who makes a number zero
-- wins.
-- Input:  lines a b (two positive integers; these rules take them below 2^31), a line 0 0
--         ends it.
-- Output: "Stan wins" or "Ollie wins", one line per game.
-- Size here: 10,000 games, a and b drawn from 1 .. 2^31 - 1, their Euclid quotients adding up
-- to at most 150 (euclid.gen.py).
--
-- A brute force over the game graph, written the fast way: the pair (a, b), a >= b, is the
-- integer a * 2^31 + b, a move the multiple k, and children gives the memo search the moves
-- k = 1, 2, ... without a list (stopping at the first winning one). A pair with a zero is
-- lost for the player to move (the other made it).

local W = 1 << 31

local function pair(a, b)
  if a < b then a, b = b, a end
  return a * W + b
end

game = {
  title = "Euclid's Game (POJ 2348)",
  sample = "34 12\n15 24\n0 0\n",
  read = function(text)
    local t = {}
    for word in text:gmatch("%S+") do
      local x = math.tointeger(tonumber(word))
      if not x or x < 0 or x >= W then error("not an integer in 0 .. 2^31 - 1: " .. word) end
      t[#t + 1] = x
    end
    local cases, i = {}, 1
    while t[i + 1] and not (t[i] == 0 and t[i + 1] == 0) do
      cases[#cases + 1] = {a = t[i], b = t[i + 1]}
      i = i + 2
    end
    return cases
  end,
  start = function(p) return pair(p.a, p.b) end,
  moves = function(s, p)
    local a, b = s // W, s % W
    local r = {}
    if b == 0 then return r end
    for k = 1, a // b do r[k] = k end
    return r
  end,
  play = function(s, k, p)
    local a, b = s // W, s % W
    return pair(a - k * b, b)
  end,
  children = function(s, p, visit)
    local a, b = s // W, s % W
    if b == 0 then return end
    for k = 1, a // b do
      if visit(pair(a - k * b, b)) then return end
    end
  end,
  name = function(k, s, p) return "subtract " .. k .. " x " .. s % W end,
  answer = function(r, p) return r.outcome == "win" and "Stan wins" or "Ollie wins" end,
}
