-- expect: line 6: the call ran past its budget of 50,000,000 instructions (does it loop for ever?), in start()
-- Found in this session's review: reading a 16 MB string of digits as a number scans it all.
game = {
  start = function(p)
    local digits, sum = string.rep("1", 1 << 24), 0
    for i = 1, 1e7 do sum = sum + (digits + 0 > 0 and 1 or 0) end
    return sum
  end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
}
