-- expect-value: -9223372036854775808
-- an end score of math.mininteger (the margin is exactly the smallest int64).
game = {
  start = function(p) return 1 end,
  moves = function(s, p) if s > 0 then return {1} end return {} end,
  play = function(s, m, p) return s - m end,
  score = function(s, p) return math.mininteger end,
}
