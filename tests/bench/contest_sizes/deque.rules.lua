-- AtCoder Educational DP Contest, problem L "Deque"
-- https://atcoder.jp/contests/dp/tasks/dp_l
--
-- A sequence a_1 .. a_N; Taro (first) and Jiro take turns removing the element at the
-- beginning or at the end of what is left and earn its value; X and Y are their totals. Taro
-- maximises X - Y, Jiro minimises it.
-- Input:  N                      (1 <= N <= 3000)
--         a_1 a_2 ... a_N        (1 <= a_i <= 10^9)
-- Output: X - Y with both playing optimally.
-- Size here: N = 3000, the problem's largest (deque.gen.py).
--
-- A scored game (gain), written the fast way: a_i .. a_j left is the integer i * 2^20 + j,
-- the two moves one constant list, and children gives the memo search both children with
-- their gains in one call.

local W = 1 << 20
local BOTH, NONE = {"front", "back"}, {}

game = {
  title = "Deque (EDPC L)",
  sample = "4\n10 80 90 30\n",
  read = function(text)
    local t = {}
    for word in text:gmatch("%S+") do
      local x = math.tointeger(tonumber(word))
      if not x then error("not an integer: " .. word) end
      t[#t + 1] = x
    end
    local n = t[1]
    if not (n and #t == 1 + n and n < W) then error("expected N and then N numbers") end
    return { {a = {table.unpack(t, 2, 1 + n)}} }
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
  children = function(s, p, visit)
    local i, j = s // W, s % W
    if i > j then return end
    local a = p.a
    visit(s + W, a[i])
    visit(s - 1, a[j])
  end,
  answer = function(r, p) return string.format("%d", r.margin) end,
}
