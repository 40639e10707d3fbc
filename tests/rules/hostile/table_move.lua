-- expect: line 4: the call ran past its budget of 50,000,000 instructions (does it loop for ever?), in start()
-- Issue 31.4: table.move over an endless range of nothing.
game = {
  start = function(p) table.move({}, 1, math.maxinteger - 1, 1) return 0 end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
}
