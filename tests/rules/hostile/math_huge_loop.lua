-- expect: line 6: the call ran past its budget of 50,000,000 instructions (does it loop for ever?), in start()
-- for i = 1, math.huge: a float loop without end.
game = {
  start = function(p)
    local n = 0
    for i = 1, math.huge do n = n + 1 end
    return n
  end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
}
