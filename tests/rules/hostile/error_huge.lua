-- expect: line 4: EEEEEEEEEE
-- Issue 31.7: a 100 MB error message is cut to 2,000 bytes, saying how long it was.
game = {
  start = function(p) error(string.rep("E", 1e8)) end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
}
