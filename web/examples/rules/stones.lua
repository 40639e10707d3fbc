-- AtCoder Educational DP Contest, problem K "Stones"
-- https://atcoder.jp/contests/dp/tasks/dp_k
--
-- A set A = {a_1, ..., a_N} and a pile of K stones; Taro (first) and Jiro take turns removing
-- exactly x stones for some x in A; the player who cannot move loses.
-- Input:  N K                      (1 <= N <= 100, 1 <= K <= 10^5)
--         a_1 a_2 ... a_N          (1 <= a_1 < a_2 < ... < a_N <= K)
-- Output: First if Taro wins, Second if Jiro wins.
--
-- A brute force over the game graph: a position is the number of stones left (normal play).
-- (web/guides/your_own_game.md shows this file whole, as the contract's complete example.)
game = {
  title = "Stones (EDPC K)",
  sample = "2 4\n2 3\n",              -- the problem's sample: the app's judge box starts with it
  read = function(text, input)          -- the judge's input -> an array of cases (each a p)
    local n, k = input:int(1, 100), input:int(1, 100000)
    local a = input:ints(n, 1, k)       -- errors name the input's line and column
    input:finish()
    return { {k = k, a = a} }
  end,
  start = function(p) return p.k end,   -- p is the case: p.k, and the list p.a
  moves = function(s, p)
    local r = {}
    for _, x in ipairs(p.a) do if x <= s then r[#r + 1] = x end end
    return r
  end,
  play = function(s, x, p) return s - x end,
  name = function(x, s, p) return "take " .. x end,
  answer = function(r, p) return r.outcome == "win" and "First" or "Second" end,
  random = function(seed, size)         -- a judge input for check: size 1 (tiny) to 10
    local state = seed * 256 + size
    local function rnd(lo, hi)          -- no math.random in the sandbox: a generator of its own
      state = (state * 6364136223846793005 + 1442695040888963407) & 0x7fffffffffffffff
      return lo + (state >> 20) % (hi - lo + 1)
    end
    local k = rnd(1, 300 * size)
    local a, seen = {}, {}
    for _ = 1, rnd(1, 1 + size) do
      local x = rnd(1, math.min(k, 10 * size))
      if not seen[x] then seen[x] = true; a[#a + 1] = x end
    end
    table.sort(a)
    return #a .. " " .. k .. "\n" .. table.concat(a, " ") .. "\n"
  end,
}
