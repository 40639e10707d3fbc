-- Wythoff's game as rules written for speed (the bench's second gamesolver row): the same game
-- as web/examples/rules/wythoff.lua, with the piles (a, b) as the integer a * (B + 1) + b, B the
-- start's second pile (so the positions number 0 to (A + 1) * (B + 1) - 1, as in the plain
-- memo's table), a move as the integer kind * 4096 + k (kind 0: from pile 1, 1: from pile 2, 2:
-- from both), and children for the memo search.
local K = 4096

game = {
  title = "Wythoff's game, integer positions",
  params = { {"a", 100, 0, K - 1}, {"b", 100, 0, K - 1} },
  start = function(p) return p.a * (p.b + 1) + p.b end,
  moves = function(s, p)
    local W = p.b + 1
    local a, b = s // W, s % W
    local r, n = {}, 0
    for k = 1, a do n = n + 1; r[n] = k end
    for k = 1, b do n = n + 1; r[n] = K + k end
    for k = 1, math.min(a, b) do n = n + 1; r[n] = 2 * K + k end
    return r
  end,
  play = function(s, mv, p)
    local W = p.b + 1
    local kind, k = mv // K, mv % K
    if kind == 0 then return s - k * W end
    if kind == 1 then return s - k end
    return s - k * W - k
  end,
  -- The same children for the memo search, with no list and no call of play a move: stops at
  -- the first visit that returns true (a winning move found, when only the outcome is asked).
  children = function(s, p, visit)
    local W = p.b + 1
    local a, b = s // W, s % W
    for k = 1, a do if visit(s - k * W) then return end end
    for k = 1, b do if visit(s - k) then return end end
    for k = 1, math.min(a, b) do if visit(s - k * W - k) then return end end
  end,
}
