-- expect: line 5: resulting string too large, in start()
-- string.rep of an empty string 2^40 times with a 1 MB separator.
game = {
  start = function(p)
    return #string.rep("", 1 << 40, string.rep("x", 1 << 20))
  end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
}
