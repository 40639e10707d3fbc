-- expect: the margin from position 1 does not fit in 64 bits
-- a gain of math.mininteger, which cannot be negated for the other player.
game = {
  start = function(p) return 2 end,
  moves = function(s, p) if s > 0 then return {1} end return {} end,
  play = function(s, m, p) return s - m end,
  gain = function(s, m, p) return math.mininteger end,
}
