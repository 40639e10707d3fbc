-- HDU 1848 "Fibonacci again and again"
-- https://acm.hdu.edu.cn/showproblem.php?pid=1848
--
-- Three piles of m, n and p stones; the players take turns removing from one pile a number of
-- stones that is a Fibonacci number (1, 2, 3, 5, 8, ...); who takes the last stone wins.
-- Input:  several cases, each a line m n p (1 <= m, n, p <= 1000); a line 0 0 0 ends it.
-- Output: Fibo if the first player wins, Nacci otherwise, one line per case.
-- Size here: 10,000 cases of piles drawn from 1 .. 1000 (fibonacci_again.gen.py).
--
-- Impartial, and a case is the sum of its three piles (parts), each pile an integer; the
-- three piles together are the integer 2^30 + m * 2^20 + n * 2^10 + p, so that every position
-- is an integer. A move of the three piles is pile * 32 + i: take the i-th Fibonacci number
-- from that pile.

local SUM = 1 << 30
local FIB = {1, 2}
while FIB[#FIB] + FIB[#FIB - 1] <= 1000 do FIB[#FIB + 1] = FIB[#FIB] + FIB[#FIB - 1] end

local function piles(s)
  return (s >> 20) & 1023, (s >> 10) & 1023, s & 1023
end

game = {
  title = "Fibonacci again and again (HDU 1848)",
  sample = "1 1 1\n1 4 1\n0 0 0\n",
  impartial = true,
  read = function(text)
    local t = {}
    for word in text:gmatch("%S+") do
      local x = math.tointeger(tonumber(word))
      if not x then error("not an integer: " .. word) end
      t[#t + 1] = x
    end
    local cases, i = {}, 1
    while t[i + 2] and not (t[i] == 0 and t[i + 1] == 0 and t[i + 2] == 0) do
      for j = i, i + 2 do
        if t[j] < 1 or t[j] > 1000 then error("a pile outside 1 .. 1000: " .. t[j]) end
      end
      cases[#cases + 1] = {m = t[i], n = t[i + 1], p = t[i + 2]}
      i = i + 3
    end
    return cases
  end,
  start = function(p) return SUM + (p.m << 20) + (p.n << 10) + p.p end,
  parts = function(s, p)
    if s < SUM then return {s} end
    local r = {}
    for _, x in ipairs({piles(s)}) do
      if x > 0 then r[#r + 1] = x end  -- an empty pile has no move: left out
    end
    return r
  end,
  moves = function(s, p)
    local r = {}
    if s < SUM then
      for i, f in ipairs(FIB) do
        if f > s then break end
        r[#r + 1] = i
      end
    else
      local x = {piles(s)}
      for pile = 1, 3 do
        for i, f in ipairs(FIB) do
          if f > x[pile] then break end
          r[#r + 1] = pile * 32 + i
        end
      end
    end
    return r
  end,
  play = function(s, m, p)
    if s < SUM then return s - FIB[m] end
    local pile, f = m // 32, FIB[m % 32]
    return s - (f << (10 * (3 - pile)))
  end,
  children = function(s, p, visit)  -- a pile's moves, without a list (only single piles)
    for i = 1, #FIB do
      local f = FIB[i]
      if f > s then return end
      if visit(s - f) then return end
    end
  end,
  name = function(m, s, p)
    if s < SUM then return "take " .. FIB[m] end
    return "take " .. FIB[m % 32] .. " from pile " .. m // 32
  end,
  answer = function(r, p) return r.sg ~= 0 and "Fibo" or "Nacci" end,
}
