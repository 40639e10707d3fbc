-- expect-value: loss 0
-- Issue 31.1: the same metatable beside a real game: the game loads and solves.
game = {
  start = function(p) return 0 end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
}
setmetatable(_G, {__index = function(t, k) error("boom") end})
