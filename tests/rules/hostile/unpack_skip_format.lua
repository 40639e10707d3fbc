-- expect: line 10: the call ran past its budget of 50,000,000 instructions (does it loop for ever?), in start()
-- Found by this session's hostile pass, and fixed: string.unpack with a 20 MB format of 'x' 
-- (skip a byte) walks it in C with no charge and no allocation: ~0.14 s a call, 2,000 calls: 
-- killed after 300 s.
local fmt = string.rep("x", 20 << 20)
local data = string.rep("\0", 20 << 20)
game = {
  start = function(p)
    local n = 0
    for i = 1, 2000 do n = n + string.unpack(fmt, data) end
    return n
  end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
}
