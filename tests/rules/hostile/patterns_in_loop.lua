-- expect: line 6: the call ran past its budget of 50,000,000 instructions (does it loop for ever?), in start()
-- Issue 31.4: a pattern the old guard allowed ("a*b" over 10,000 characters), in a loop.
game = {
  start = function(p)
    local s = string.rep("a", 1e4)
    for i = 1, 1e6 do s:find("a*b") end
    return 0
  end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
}
