-- AtCoder Educational DP Contest, problem K "Stones"
-- https://atcoder.jp/contests/dp/tasks/dp_k
--
-- A set A = {a_1, ..., a_N} and a pile of K stones; Taro (first) and Jiro take turns removing
-- exactly x stones for some x in A; the player who cannot move loses.
-- Input:  N K
--         a_1 a_2 ... a_N          (1 <= a_1 < a_2 < ... < a_N <= K)
-- Output: First if Taro wins, Second if Jiro wins.
--
-- A brute force over the game graph: a position is the number of stones left (normal play).

local function numbers(text)
  local t = {}
  for word in text:gmatch("%S+") do
    local x = math.tointeger(tonumber(word))
    if not x then error("not an integer: " .. word) end
    t[#t + 1] = x
  end
  return t
end

-- A small deterministic generator (the sandbox has no math.random): splitmix64.
local function generator(seed, size)
  local state = seed * 256 + size
  return function(lo, hi)
    state = state + 0x9E3779B97F4A7C15
    local z = state
    z = (z ~ (z >> 30)) * 0xBF58476D1CE4E5B9
    z = (z ~ (z >> 27)) * 0x94D049BB133111EB
    z = z ~ (z >> 31)
    return lo + (z >> 1) % (hi - lo + 1)
  end
end

game = {
  title = "Stones (EDPC K)",
  read = function(text)
    local t = numbers(text)
    local n, k = t[1], t[2]
    if not (n and k and #t == 2 + n) then error("expected N K and then N numbers") end
    local a = {}
    for i = 1, n do a[i] = t[2 + i] end
    return { {k = k, a = a} }
  end,
  start = function(p) return p.k end,
  moves = function(s, p)
    local r = {}
    for _, x in ipairs(p.a) do
      if x <= s then r[#r + 1] = x end
    end
    return r
  end,
  play = function(s, x, p) return s - x end,
  name = function(x, s, p) return "take " .. x end,
  answer = function(r, p) return r.outcome == "win" and "First" or "Second" end,
  random = function(seed, size)
    local rnd = generator(seed, size)
    local k = rnd(1, 300 * size)
    local n = rnd(1, math.min(k, 1 + size))
    -- n distinct values from 1..k, in increasing order
    local chosen, a = {}, {}
    while #a < n do
      local x = rnd(1, math.min(k, 10 * size))
      if not chosen[x] then chosen[x] = true; a[#a + 1] = x end
    end
    table.sort(a)
    return n .. " " .. k .. "\n" .. table.concat(a, " ") .. "\n"
  end,
}
