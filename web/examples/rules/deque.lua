-- AtCoder Educational DP Contest, problem L "Deque"
-- https://atcoder.jp/contests/dp/tasks/dp_l
--
-- A sequence a_1 .. a_N; Taro (first) and Jiro take turns removing the element at the beginning
-- or at the end and earn its value. X and Y are their totals; Taro maximises X - Y, Jiro
-- minimises it.
-- Input:  N                        (1 <= N <= 3000)
--         a_1 a_2 ... a_N          (1 <= a_i <= 10^9)
-- Output: X - Y with both playing optimally (the first player's margin, r.margin).
--
-- A brute force over the game graph: a position {i, j} means a_i .. a_j are left (scored with
-- gain).

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
  title = "Deque (EDPC L)",
  sample = "4\n10 80 90 30\n",  -- the problem's first sample
  read = function(text, input)
    local a = input:ints(input:int(1, 3000), 1, 1000000000)
    input:finish()
    return { {a = a} }
  end,
  start = function(p) return {1, #p.a} end,
  moves = function(s, p)
    if s[1] > s[2] then return {} end
    return {"front", "back"}
  end,
  play = function(s, mv, p)
    if mv == "front" then return {s[1] + 1, s[2]} end
    return {s[1], s[2] - 1}
  end,
  gain = function(s, mv, p) return mv == "front" and p.a[s[1]] or p.a[s[2]] end,
  answer = function(r, p) return string.format("%d", r.margin) end,
  random = function(seed, size)
    local rnd = generator(seed, size)
    local n = rnd(1, 3 * size)
    local big = rnd(0, 1) == 1
    local a = {}
    for i = 1, n do a[i] = big and rnd(1, 1000000000) or rnd(1, 10 * size) end
    return n .. "\n" .. table.concat(a, " ") .. "\n"
  end,
}
