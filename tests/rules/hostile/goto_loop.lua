-- expect: line 5: the call ran past its budget of 50,000,000 instructions (does it loop for ever?), in start()
-- an endless goto loop.
game = {
  start = function(p)
    ::top:: goto top
  end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
}
