-- expect: line 7: mover must return 1 or 2, not a number, in mover(1)
-- mover returning NaN.
game = {
  start = function(p) return 1 end,
  moves = function(s, p) if s > 0 then return {1} end return {} end,
  play = function(s, m, p) return s - m end,
  mover = function(s, p) return 0/0 end,
}
