-- CSES 1729 "Stick Game" (CSES Problem Set, Mathematics)
-- https://cses.fi/problemset/task/1729
--
-- A heap of sticks; the players take turns removing p sticks, p one of the k allowed sizes
-- p_1 .. p_k (distinct, one of them 1); who removes the last stick wins. For every heap size
-- 1, 2, ..., n: does the first player win (W) or lose (L)?
-- Input:  n k                    (1 <= n <= 10^6, 1 <= k <= 100)
--         p_1 ... p_k            (1 <= p_i <= n)
-- Output: one string of n characters, W or L for each heap size 1 .. n.
-- Size here: n = 1,000,000 and k = 100 (stick_game.gen.py), the problem's largest.
--
-- The question asks about a million positions: answer asks r.at about each heap, in
-- increasing order, so every heap's smaller heaps are already in the memo when it is searched.
-- Heaps are integers, and children gives the memo search each heap's moves without a list.

game = {
  title = "Stick Game (CSES 1729)",
  sample = "10 3\n1 3 4\n",
  read = function(text)
    local t = {}
    for word in text:gmatch("%S+") do
      local x = math.tointeger(tonumber(word))
      if not x then error("not an integer: " .. word) end
      t[#t + 1] = x
    end
    local n, k = t[1], t[2]
    if not (n and k and #t == 2 + k) then error("expected n k and then k numbers") end
    local sizes = {table.unpack(t, 3, 2 + k)}
    table.sort(sizes)
    return { {n = n, p = sizes} }
  end,
  start = function(p) return p.n end,
  moves = function(s, p)
    local r = {}
    for _, x in ipairs(p.p) do
      if x > s then break end
      r[#r + 1] = x
    end
    return r
  end,
  play = function(s, m, p) return s - m end,
  children = function(s, p, visit)
    local sizes = p.p
    for i = 1, #sizes do
      local x = sizes[i]
      if x > s then return end
      if visit(s - x) then return end
    end
  end,
  name = function(m, s, p) return "take " .. m end,
  answer = function(r, p)
    local out = {}
    for n = 1, p.n do out[n] = r.at(n).outcome == "win" and "W" or "L" end
    return table.concat(out)
  end,
}
