-- expect: line 5: the call ran past its budget of 50,000,000 instructions (does it loop for ever?), in start()
-- Issue 31.4: string.rep("x", 1e7) in a loop of 1e6: each call copies 10 MB.
game = {
  start = function(p)
    for i = 1, 1e6 do local x = string.rep("x", 1e7) end
    return 0
  end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
}
