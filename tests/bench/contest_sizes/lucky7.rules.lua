-- AtCoder Beginner Contest 195, problem E "Lucky 7 Battle"
-- https://atcoder.jp/contests/abc195/tasks/abc195_e
--
-- A string S of N digits and a string X of N letters A and T; T starts empty. In round
-- i = 1 .. N, Takahashi (X_i = T) or Aoki (X_i = A) appends S_i or 0 to T. Takahashi wins if
-- T, read as a decimal number, is a multiple of 7 at the end; Aoki wins otherwise.
-- Input:  N                      (1 <= N <= 2 * 10^5)
--         S
--         X
-- Output: Takahashi or Aoki, the winner.
-- Size here: N = 200,000, the problem's largest (lucky7.gen.py).
--
-- Who moves is X's, not turn about: `mover`. A position is the integer i * 7 + r, i rounds
-- played and r = T mod 7; at the end (i = N) Takahashi is "to move", and result says whether
-- he has won. Move 1 appends 0, move 2 appends S_i (one constant list); children gives the
-- memo search both.

local BOTH, NONE = {1, 2}, {}

game = {
  title = "Lucky 7 Battle (ABC195 E)",
  sample = "2\n35\nAT\n",
  read = function(text)
    local n, s, x = text:match("^%s*(%d+)%s+(%d+)%s+([AT]+)%s*$")
    n = math.tointeger(tonumber(n))
    if not (n and #s == n and #x == n) then error("expected N, then S and X of N characters") end
    local digit, who = {}, {}
    for i = 1, n do
      digit[i] = s:byte(i) - 48
      who[i] = x:sub(i, i) == "T" and 1 or 2
    end
    return { {n = n, digit = digit, who = who} }
  end,
  start = function(p) return 0 end,
  mover = function(s, p)
    local i = s // 7
    if i == p.n then return 1 end
    return p.who[i + 1]
  end,
  moves = function(s, p)
    if s // 7 == p.n then return NONE end
    return BOTH
  end,
  play = function(s, m, p)
    local i, r = s // 7, s % 7
    local d = m == 2 and p.digit[i + 1] or 0
    return (i + 1) * 7 + (10 * r + d) % 7
  end,
  children = function(s, p, visit)
    local i, r = s // 7, s % 7
    if i == p.n then return end
    if visit((i + 1) * 7 + (10 * r) % 7) then return end
    visit((i + 1) * 7 + (10 * r + p.digit[i + 1]) % 7)
  end,
  result = function(s, p) return s % 7 == 0 and "win" or "loss" end,  -- Takahashi's, at the end
  name = function(m, s, p) return m == 2 and "append " .. p.digit[s // 7 + 1] or "append 0" end,
  answer = function(r, p)
    local takahashi = (p.who[1] == 1) == (r.outcome == "win")
    return takahashi and "Takahashi" or "Aoki"
  end,
}
