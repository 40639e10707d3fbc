-- expect-value: loss 0
-- Issue 31.11: a parameter whose minimum is math.mininteger takes that value.
game = {
  params = { {"n", 0, math.mininteger, 0} },
  start = function(p) return p.n end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
}
