-- expect: the margin from position 0 does not fit in 64 bits (margins lie within ±9,223,372,036,854,775,807, so that each negates)
-- an end score of math.mininteger: the smallest int64 has no negation, which the second player's
-- view of the margin needs (an undefined negation in the description, found by the sanitizers).
game = {
  start = function(p) return 1 end,
  moves = function(s, p) if s > 0 then return {1} end return {} end,
  play = function(s, m, p) return s - m end,
  score = function(s, p) return math.mininteger end,
}
