-- Codeforces 1398B "Substring Removal Game" (Educational Codeforces Round 93)
-- https://codeforces.com/problemset/problem/1398/B
--
-- A binary string s; Alice (first) and Bob take turns deleting any number (at least one) of
-- consecutive equal characters; the parts left and right of them become adjacent. The game ends
-- when s is empty. A player's score is the number of 1s they deleted; each maximises their own.
-- Input:  T                      (1 <= T <= 500)
--         s (one string per test case, 1 <= |s| <= 100)
-- Output: Alice's score, one line per test case.
--
-- A brute force over the game graph: a position is the string left (scored with gain: the 1s
-- a move deletes). Every 1 is deleted by someone, so Alice + Bob = ones and Alice - Bob =
-- r.margin: Alice's score is (ones + margin) / 2.

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

local function ones(s)
  local _, count = s:gsub("1", "")
  return count
end

game = {
  title = "Substring Removal Game (CF 1398B)",
  sample = "5\n01111001\n0000\n111111\n101010101\n011011110111\n",  -- the problem's first sample
  read = function(text, input)
    local cases = {}
    for i = 1, input:int(1, 500) do
      local s = input:word()
      if s:find("[^01]") then input:fail("expected a binary string (of 0 and 1)") end
      cases[i] = {s = s}
    end
    input:finish()
    return cases
  end,
  start = function(p) return p.s end,
  moves = function(s, p)  -- {i, j}: delete s[i..j], all equal characters
    local r = {}
    for i = 1, #s do
      local j = i
      while j <= #s and s:sub(j, j) == s:sub(i, i) do
        r[#r + 1] = {i, j}
        j = j + 1
      end
    end
    return r
  end,
  play = function(s, mv, p) return s:sub(1, mv[1] - 1) .. s:sub(mv[2] + 1) end,
  gain = function(s, mv, p) return ones(s:sub(mv[1], mv[2])) end,
  name = function(mv, s, p) return "delete " .. mv[1] .. ".." .. mv[2] end,
  answer = function(r, p) return string.format("%d", (ones(p.s) + r.margin) // 2) end,
  random = function(seed, size)
    local rnd = generator(seed, size)
    local t = rnd(1, 3)
    local lines = {t}
    for _ = 1, t do
      local chars = {}
      for i = 1, rnd(1, 2 + size) do chars[i] = tostring(rnd(0, 1)) end
      lines[#lines + 1] = table.concat(chars)
    end
    return table.concat(lines, "\n") .. "\n"
  end,
  write = function(cases)               -- cases -> their judge input (check drops passing cases)
    local lines = {#cases}
    for i, p in ipairs(cases) do lines[i + 1] = p.s end
    return table.concat(lines, "\n") .. "\n"
  end,
}
