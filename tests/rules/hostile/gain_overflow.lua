-- expect: the margin from position 2 does not fit in 64 bits
-- two gains of math.maxinteger by the same player: the margin overflows 64 bits.
game = {
  start = function(p) return 2 end,
  moves = function(s, p) if s > 0 then return {1} end return {} end,
  play = function(s, m, p) return s - m end,
  mover = function(s, p) return 1 end,
  gain = function(s, m, p) return math.maxinteger end,
}
