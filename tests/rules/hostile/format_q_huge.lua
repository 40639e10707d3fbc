-- expect: line 9: the call ran past its budget of 50,000,000 instructions (does it loop for ever?), in start()
-- Found by this session's hostile pass, and fixed: string.format('%q') of 8 MiB of NUL bytes: 
-- one snprintf per byte, charged 1 per 16 bytes of output: the budget is spent after 6.5 s CPU 
-- (10.2 s wall), twice the norm.
game = {
  start = function(p)
    local big = string.rep("\0", 8 << 20)
    local n = 0
    for i = 1, 1000 do n = n + #string.format("%q", big) end
    return n
  end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
}
