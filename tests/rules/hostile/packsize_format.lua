-- expect: line 8: the call ran past its budget of 50,000,000 instructions (does it loop for ever?), in start()
-- Found by this session's hostile pass, and fixed: string.packsize over a 20 MB format walks it 
-- in C with no charge: 2,000 calls, 53.8 s (36 s CPU).
local fmt = string.rep("x", 20 << 20)
game = {
  start = function(p)
    local n = 0
    for i = 1, 2000 do n = n + string.packsize(fmt) end
    return n
  end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
}
