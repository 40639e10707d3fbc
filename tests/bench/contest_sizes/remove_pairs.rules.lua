-- AtCoder Beginner Contest 354, problem E "Remove Pairs"
-- https://atcoder.jp/contests/abc354/tasks/abc354_e
--
-- N cards, card i with A_i on its front and B_i on its back. Takahashi (first) and Aoki take
-- turns removing from the table two cards whose fronts are equal or whose backs are equal;
-- who cannot move loses.
-- Input:  N                      (1 <= N <= 18)
--         then N lines A_i B_i   (1 <= A_i, B_i <= 10^9)
-- Output: Takahashi or Aoki, the winner.
-- Size here: N = 18, the problem's largest, fronts and backs drawn from 1 .. 3, a lost start
-- whose search visits 49,924 sets (remove_pairs.gen.py).
--
-- A bitmask game, written the fast way: a position is the set of cards still on the table
-- (an integer, bit i - 1 for card i), `read` lists once the pairs that can ever be removed
-- (as masks of their two bits), and children gives the memo search the moves without a list.

game = {
  title = "Remove Pairs (ABC354 E)",
  sample = "5\n1 9\n2 5\n4 9\n1 4\n2 5\n",
  read = function(text)
    local t = {}
    for word in text:gmatch("%S+") do
      local x = math.tointeger(tonumber(word))
      if not x then error("not an integer: " .. word) end
      t[#t + 1] = x
    end
    local n = t[1]
    if not (n and n >= 1 and n <= 18 and #t == 1 + 2 * n) then
      error("expected N <= 18 and then N lines A B")
    end
    local pairs = {}
    for i = 1, n do
      for j = i + 1, n do
        if t[2 * i] == t[2 * j] or t[2 * i + 1] == t[2 * j + 1] then
          pairs[#pairs + 1] = (1 << (i - 1)) | (1 << (j - 1))
        end
      end
    end
    return { {n = n, pairs = pairs} }
  end,
  start = function(p) return (1 << p.n) - 1 end,
  moves = function(s, p)
    local r = {}
    for k, m in ipairs(p.pairs) do
      if s & m == m then r[#r + 1] = k end
    end
    return r
  end,
  play = function(s, k, p) return s ~ p.pairs[k] end,
  children = function(s, p, visit)
    local pairs = p.pairs
    for k = 1, #pairs do
      local m = pairs[k]
      if s & m == m and visit(s ~ m) then return end
    end
  end,
  name = function(k, s, p)
    local m, cards = p.pairs[k], {}
    for i = 1, p.n do
      if m & (1 << (i - 1)) ~= 0 then cards[#cards + 1] = i end
    end
    return "remove cards " .. cards[1] .. " and " .. cards[2]
  end,
  answer = function(r, p) return r.outcome == "win" and "Takahashi" or "Aoki" end,
}
