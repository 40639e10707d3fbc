-- expect: line 6: the call ran past its budget of 50,000,000 instructions (does it loop for ever?), in start()
-- Found in this session's review: one == of two equal 16 MB strings compares them byte by byte.
game = {
  start = function(p)
    local a, b, same = string.rep("x", 1 << 24), string.rep("x", 1 << 24), 0
    for i = 1, 1e7 do if a == b then same = same + 1 end end
    return same
  end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
}
