-- Wythoff's game as rules written for speed (the bench's second gamesolver row): the same game
-- as web/examples/rules/wythoff.lua, with the piles (a, b) as the integer a * 4096 + b and a move
-- as the integer kind * 4096 + k (kind 0: from pile 1, 1: from pile 2, 2: from both).
local W = 4096

game = {
  title = "Wythoff's game, integer positions",
  params = { {"a", 100, 0, W - 1}, {"b", 100, 0, W - 1} },
  start = function(p) return p.a * W + p.b end,
  moves = function(s, p)
    local a, b = s // W, s % W
    local r, n = {}, 0
    for k = 1, a do n = n + 1; r[n] = k end
    for k = 1, b do n = n + 1; r[n] = W + k end
    for k = 1, math.min(a, b) do n = n + 1; r[n] = 2 * W + k end
    return r
  end,
  play = function(s, mv, p)
    local kind, k = mv // W, mv % W
    if kind == 0 then return s - k * W end
    if kind == 1 then return s - k end
    return s - k * W - k
  end,
}
