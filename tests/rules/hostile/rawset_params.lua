-- expect: line 5: the parameters are read-only (p and its tables cannot be changed: copy what you change), in start()
-- Issue 31.9: rawset on p changed what later calls saw.
game = {
  params = { {"n", 3, 0, 10} },
  start = function(p) rawset(p, "n", 9) return p.n end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
}
