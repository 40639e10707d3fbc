-- expect: line 8: the call ran past its budget of 50,000,000 instructions (does it loop for ever?), in start()
-- 32 captures matched at each of a million starts over a 1 MB text: charged per step.
game = {
  start = function(p)
    local s = string.rep("a", 1 << 20)
    local pat = string.rep("(a)", 32)
    local n = 0
    for i = 1, 1e6 do n = n + select("#", s:match(pat, i)) end
    return n
  end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
}
