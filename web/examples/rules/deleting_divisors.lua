-- Codeforces 1537D "Deleting Divisors" (Codeforces Round #726, Div. 2)
-- https://codeforces.com/problemset/problem/1537/D
--
-- A positive integer n; Alice (first) and Bob take turns subtracting from n one of its divisors
-- that is neither 1 nor n; the player who cannot move loses.
-- Input:  t                      (1 <= t <= 10^4 test cases)
--         n (one per test case, 1 <= n <= 10^9)
-- Output: Alice or Bob, the winner, one line per test case.
--
-- A brute force over the game graph: a position is the number n (normal play). The divisors
-- are found by trial division, so keep n small (the samples go up to 69).

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
  title = "Deleting Divisors (CF 1537D)",
  sample = "4\n1\n4\n12\n69\n",  -- the problem's first sample
  read = function(text, input)
    local cases = {}
    for i = 1, input:int(1, 10000) do cases[i] = {n = input:int(1, 1000000000)} end
    input:finish()
    return cases
  end,
  start = function(p) return p.n end,
  moves = function(s, p)  -- the divisors d of s with 1 < d < s
    local r = {}
    for d = 2, s - 1 do
      if s % d == 0 then r[#r + 1] = d end
    end
    return r
  end,
  play = function(s, d, p) return s - d end,
  name = function(d, s, p) return "subtract " .. d end,
  answer = function(r, p) return r.outcome == "win" and "Alice" or "Bob" end,
  random = function(seed, size)
    local rnd = generator(seed, size)
    local t = rnd(1, 4)
    local lines = {t}
    for i = 1, t do lines[i + 1] = rnd(1, 30 * size) end
    return table.concat(lines, "\n") .. "\n"
  end,
  write = function(cases)               -- cases -> their judge input (check drops passing cases)
    local lines = {#cases}
    for i, p in ipairs(cases) do lines[i + 1] = p.n end
    return table.concat(lines, "\n") .. "\n"
  end,
}
