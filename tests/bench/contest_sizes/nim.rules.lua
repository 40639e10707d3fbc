-- Luogu P2197 "【模板】Nim 游戏" (the Nim template)
-- https://www.luogu.com.cn/problem/P2197
--
-- n piles of stones; the players take turns removing any positive number of stones from one
-- pile; who cannot move loses.
-- Input:  T                      (T <= 10 cases)
--         then for each case n, and a line of the n pile sizes (n <= 10^4, each below 10^4)
-- Output: Yes if the first player has a winning strategy, else No, one line per case.
-- Size here: the problem's largest, T = 10 cases of n = 10,000 piles, each drawn from
-- 0 .. 9999 (nim.gen.py): the brute force's Grundy numbers cost (largest pile)^2 / 2 steps,
-- about 5 * 10^7, which the Python brute force gets through in a few seconds.
--
-- Impartial, and a case is the sum of its piles (parts). Each pile is an integer, and children
-- gives the memo search a pile's moves without a list; the start, all the piles, is the case's
-- list p.piles itself, and its move pile * 16384 + k takes k stones from that pile.

local M = 16384

game = {
  title = "Nim (Luogu P2197)",
  sample = "2\n2\n1 1\n2\n1 0\n",
  impartial = true,
  read = function(text)
    local t = {}
    for word in text:gmatch("%S+") do
      local x = math.tointeger(tonumber(word))
      if not x or x < 0 or x >= M then error("not an integer in 0 .. 16383: " .. word) end
      t[#t + 1] = x
    end
    local at = 1
    local function take()
      local x = t[at]
      if x == nil then error("the input ends early") end
      at = at + 1
      return x
    end
    local cases = {}
    for c = 1, take() do
      local piles = {}
      for i = 1, take() do piles[i] = take() end
      cases[c] = {piles = piles}
    end
    if at <= #t then error("extra numbers after the last case") end
    return cases
  end,
  start = function(p) return p.piles end,
  parts = function(s, p)
    if type(s) ~= "table" then return {s} end
    local r = {}
    for _, x in ipairs(s) do
      if x > 0 then r[#r + 1] = x end  -- an empty pile has no move: left out
    end
    return r
  end,
  moves = function(s, p)
    local r = {}
    if type(s) ~= "table" then
      for k = 1, s do r[k] = k end
    else
      for i, x in ipairs(s) do
        for k = 1, x do r[#r + 1] = i * M + k end
      end
    end
    return r
  end,
  play = function(s, m, p)
    if type(s) ~= "table" then return s - m end
    local t = {table.unpack(s)}
    local i = m // M
    t[i] = t[i] - m % M
    return t
  end,
  children = function(s, p, visit)  -- a pile's moves, without a list (only single piles)
    for k = 1, s do
      if visit(s - k) then return end
    end
  end,
  name = function(m, s, p)
    if type(s) ~= "table" then return "take " .. m end
    return "take " .. m % M .. " from pile " .. m // M
  end,
  answer = function(r, p) return r.sg ~= 0 and "Yes" or "No" end,
}
