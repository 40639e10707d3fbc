-- expect: line 6: the call ran past its budget of 50,000,000 instructions (does it loop for ever?), in start()
-- string.pack("c100000000", "") pads 100 MB in C, in a loop.
game = {
  start = function(p)
    local n = 0
    for i = 1, 1000 do n = n + #string.pack("c100000000", "") end
    return n
  end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
}
