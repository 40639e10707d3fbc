-- expect: line 4: the call ran past its budget of 50,000,000 instructions (does it loop for ever?), in start()
-- Issue 31.4: string.rep loops n times even for an empty string.
game = {
  start = function(p) return #string.rep("", math.maxinteger) end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
}
