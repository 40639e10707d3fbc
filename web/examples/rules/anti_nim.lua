-- Luogu P4279 "[SHOI2008] 小约翰的游戏" (Little John's game: anti-Nim)
-- https://www.luogu.com.cn/problem/P4279   (also BZOJ 1022, and POJ 3480 "John")
--
-- n piles of stones; John (first) and his brother take turns removing any positive number of
-- stones from one pile; whoever takes the last stone LOSES (misère play).
-- Input:  T                      (T <= 500 test cases)
--         then for each case: N, and a line of N pile sizes (N <= 50, each at most 5000)
-- Output: John if John wins, else Brother, one line per case.
--
-- A brute force over the game graph: a position is the sorted list of non-empty piles (so the
-- same piles in another order are one position); with no stone left the player to move has won
-- (result returns "win"). Misère play is not a sum of games, so there is no parts here.

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

local function sorted_piles(list)
  local t = {}
  for _, pile in ipairs(list) do
    if pile > 0 then t[#t + 1] = pile end
  end
  table.sort(t)
  return t
end

game = {
  title = "Anti-Nim (Luogu P4279)",
  sample = "2\n3\n3 5 1\n1\n1\n",  -- the problem's first sample
  read = function(text, input)
    local cases = {}
    for c = 1, input:int(1, 500) do
      cases[c] = {piles = input:ints(input:int(0, 50), 0, 5000)}
    end
    input:finish()
    return cases
  end,
  start = function(p) return sorted_piles(p.piles) end,
  moves = function(s, p)  -- {pile, k}: take k stones from that pile
    local r = {}
    for i, pile in ipairs(s) do
      for k = 1, pile do r[#r + 1] = {i, k} end
    end
    return r
  end,
  play = function(s, mv, p)
    local t = {}
    for i, pile in ipairs(s) do t[i] = pile end
    t[mv[1]] = t[mv[1]] - mv[2]
    return sorted_piles(t)
  end,
  result = function(s, p) return "win" end,  -- the other player took the last stone
  name = function(mv, s, p) return "take " .. mv[2] .. " from the pile of " .. s[mv[1]] end,
  answer = function(r, p) return r.outcome == "win" and "John" or "Brother" end,
  random = function(seed, size)
    local rnd = generator(seed, size)
    local t = rnd(1, 3)
    local lines = {t}
    for _ = 1, t do
      local piles = {}
      for i = 1, rnd(1, 1 + size // 3) do piles[i] = rnd(1, 2 + size) end
      lines[#lines + 1] = #piles
      lines[#lines + 1] = table.concat(piles, " ")
    end
    return table.concat(lines, "\n") .. "\n"
  end,
  write = function(cases)               -- cases -> their judge input (check drops passing cases)
    local lines = {#cases}
    for _, p in ipairs(cases) do
      lines[#lines + 1] = #p.piles
      lines[#lines + 1] = table.concat(p.piles, " ")
    end
    return table.concat(lines, "\n") .. "\n"
  end,
}
