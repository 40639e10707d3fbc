-- Codeforces 1194D "1-2-K Game" (Educational Codeforces Round 68)
-- https://codeforces.com/problemset/problem/1194/D
--
-- A strip of n + 1 cells numbered 0..n, a chip on cell n. Alice (first) and Bob take turns
-- moving the chip 1, 2 or k cells to the left (never past cell 0); who cannot move loses.
-- Input:  T                      (1 <= T <= 100 games)
--         then T lines n k       (0 <= n <= 10^9, 3 <= k <= 10^9)
-- Output: Alice or Bob, the winner, one line per game.
-- Size here: one game with n about 3,000,000 and k below 1000 (one_two_k.gen.py): a line
-- 3,000,000 moves deep, which the Python brute force's loop walks in about a second.
--
-- A brute force over the game graph, written the fast way: a position is the cell (an
-- integer), and children gives the memo search the three moves without a list.

game = {
  title = "1-2-K Game (CF 1194D)",
  sample = "4\n0 3\n3 3\n3 4\n4 4\n",
  read = function(text)
    local t = {}
    for word in text:gmatch("%S+") do
      local x = math.tointeger(tonumber(word))
      if not x then error("not an integer: " .. word) end
      t[#t + 1] = x
    end
    if not (t[1] and #t == 1 + 2 * t[1]) then error("expected T and then T lines n k") end
    local cases = {}
    for i = 1, t[1] do cases[i] = {n = t[2 * i], k = t[2 * i + 1]} end
    return cases
  end,
  start = function(p) return p.n end,
  moves = function(s, p)
    local r = {}
    if s >= 1 then r[#r + 1] = 1 end
    if s >= 2 then r[#r + 1] = 2 end
    if s >= p.k then r[#r + 1] = p.k end
    return r
  end,
  play = function(s, m, p) return s - m end,
  children = function(s, p, visit)
    if s >= 1 and visit(s - 1) then return end
    if s >= 2 and visit(s - 2) then return end
    if s >= p.k then visit(s - p.k) end
  end,
  name = function(m, s, p) return "move " .. m end,
  answer = function(r, p) return r.outcome == "win" and "Alice" or "Bob" end,
}
