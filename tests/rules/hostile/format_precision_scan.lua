-- expect: line 8: the call ran past its budget of 50,000,000 instructions (does it loop for ever?), in start()
-- Found by this session's hostile pass, and fixed: string.format('%.1s', s) checks l == 
-- strlen(s): a 100 MB scan with no charge, 4,000 times: 33.9 s (22.6 s CPU).
local big = string.rep("x", 100 << 20)
game = {
  start = function(p)
    local n = 0
    for i = 1, 4000 do n = n + #string.format("%.1s", big) end
    return n
  end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
}
