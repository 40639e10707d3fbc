-- Codeforces 305E "Playing with String" (Codeforces Round #184, Div. 2)
-- https://codeforces.com/problemset/problem/305/E
--
-- A string s. A move picks one of the current strings t and a position i, 1 < i < |t|, with
-- t_{i-1} = t_{i+1}, and cuts t into the three strings t_1 .. t_{i-1}, t_i and t_{i+1} .. t_|t|.
-- Who cannot move loses. If the first player wins, print First and the smallest i of s at
-- which the first move can be made so as to win; otherwise print Second.
-- Input:  s                      (1 <= |s| <= 5000, lowercase letters)
-- Output: Second, or First and then the winning move i on a line of its own.
-- Size here: |s| = 5000 (the problem's largest), a string made of a few long runs of cuttable
-- positions (playing_with_string.gen.py).
--
-- An interval-splitting impartial game: the positions i of s with s_{i-1} = s_{i+1} form runs
-- of consecutive positions; cutting the j-th of a run of L removes that one and its two
-- neighbours from play, leaving runs of j - 2 and L - j - 1 (at least 0). A run of L is the
-- integer L; the two runs a cut leaves are the sum {a, b} (a table: parts splits it, and the
-- search keeps only the runs), given to visit as visit(a, b). The start, all of s, is the sum
-- of its runs (a table of their lengths); its moves are the positions i of s in increasing
-- order, and the answer is the first child of the start that wins for its maker
-- (r.children). A sum of several runs (a table) moves by run * 8192 + j.

local PAIR = 8192  -- a sum's move: run * PAIR + j

local function cut(L, j)  -- the two runs left by the j-th cut of a run of L
  local a, b = j - 2, L - j - 1
  if a < 0 then a = 0 end
  if b < 0 then b = 0 end
  return a, b
end

game = {
  title = "Playing with String (CF 305E)",
  sample = "abacaba\n",
  impartial = true,
  read = function(text)
    local s = text:match("^%s*(%l+)%s*$")
    if not s or #s > 5000 then error("expected one line of at most 5000 lowercase letters") end
    local runs, i = {}, 2  -- runs[k] = {its first position in s, its length}
    while i < #s do
      if s:byte(i - 1) == s:byte(i + 1) then
        local first = i
        while i < #s and s:byte(i - 1) == s:byte(i + 1) do i = i + 1 end
        runs[#runs + 1] = {first, i - first}
      else
        i = i + 1
      end
    end
    return { {runs = runs} }
  end,
  start = function(p)
    local lengths = {}
    for k, run in ipairs(p.runs) do lengths[k] = run[2] end
    return lengths
  end,
  parts = function(s, p)
    if type(s) ~= "table" then return {s} end
    local r = {}
    for _, L in ipairs(s) do if L > 0 then r[#r + 1] = L end end
    return r
  end,
  moves = function(s, p)
    local r = {}
    if type(s) == "table" then
      for k, L in ipairs(s) do
        for j = 1, L do r[#r + 1] = k * PAIR + j end
      end
    else
      for j = 1, s do r[j] = j end
    end
    return r
  end,
  play = function(s, m, p)
    if type(s) ~= "table" then return {cut(s, m)} end
    local k, j = m // PAIR, m % PAIR
    local t = {}
    for q, L in ipairs(s) do
      if q == k then
        local a, b = cut(L, j)
        t[#t + 1] = a
        t[#t + 1] = b
      else
        t[#t + 1] = L
      end
    end
    return t
  end,
  children = function(s, p, visit)  -- a single run's cuts, without a list or a table
    for j = 1, s do
      local a, b = j - 2, s - j - 1
      if a < 0 then a = 0 end
      if b < 0 then b = 0 end
      if visit(a, b) then return end
    end
  end,
  name = function(m, s, p)
    if type(s) == "table" then return "cut " .. m // PAIR .. "." .. m % PAIR end
    return "cut " .. m
  end,
  answer = function(r, p)
    if r.outcome ~= "win" then return "Second" end
    local at = 0
    for k, run in ipairs(p.runs) do  -- the start's moves, in order: run k, its j-th position
      for j = 1, run[2] do
        at = at + 1
        if r.children[at].outcome == "win" then return "First\n" .. (run[1] + j - 1) end
      end
    end
  end,
}
