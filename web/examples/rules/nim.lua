-- Luogu P2197 "【模板】Nim 游戏" (the Nim template)
-- https://www.luogu.com.cn/problem/P2197
--
-- n piles of stones; the players take turns removing any positive number of stones from one
-- pile; the player who cannot move loses.
-- Input:  T                      (T <= 10 test cases)
--         then for each case: n, and a line of n pile sizes (n <= 10^4, each below 10^4)
-- Output: Yes if the first player has a winning strategy, else No, one line per case.
--
-- A brute force over the game graph: impartial, and a position (a list of piles) is the sum of
-- its piles (parts), so each pile is solved alone and the Grundy numbers are xor-ed.

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
  title = "Nim (Luogu P2197)",
  sample = "2\n2\n1 1\n2\n1 0\n",  -- the problem's first sample
  impartial = true,
  moves_by_part = true,  -- moves(s) lists each pile's moves in turn, as the pile alone would
  read = function(text, input)
    local cases = {}
    for c = 1, input:int(1, 10) do
      cases[c] = {piles = input:ints(input:int(0, 10000), 0, 9999)}
    end
    input:finish()
    return cases
  end,
  start = function(p) return p.piles end,
  parts = function(s, p)
    local r = {}
    for _, pile in ipairs(s) do r[#r + 1] = {pile} end
    return r
  end,
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
    return t
  end,
  name = function(mv, s, p) return "take " .. mv[2] .. " from pile " .. mv[1] end,
  answer = function(r, p) return r.sg ~= 0 and "Yes" or "No" end,
  random = function(seed, size)
    local rnd = generator(seed, size)
    local t = rnd(1, 3)
    local lines = {t}
    for _ = 1, t do
      local piles = {}
      for i = 1, rnd(1, 1 + size // 2) do piles[i] = rnd(0, 5 * size) end
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
