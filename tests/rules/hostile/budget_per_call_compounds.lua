-- expect: line 12: the call ran past its budget of 50,000,000 instructions (does it loop for ever?), in play(0, 1)
-- Found by this session's hostile pass, and fixed: 200 moves, each play() spending ~48M 
-- instructions (under its per-call budget): no budget covers the whole solve: 136 s wall, 41.5 s 
-- CPU for one value; unbounded with more moves or positions.
local list = {}
for i = 1, 200 do list[i] = i end
game = {
  start = function(p) return 0 end,
  moves = function(s, p) if s == 0 then return list end return {} end,
  play = function(s, m, p)
    local x = 0
    for i = 1, 24000000 do x = x + i end
    return m
  end,
}
