-- BROKEN: 200 moves, each play() spending ~48M instructions (under its per-call budget): no budget covers the whole solve: 136 s wall, 41.5 s CPU for one value; unbounded with more moves or positions.
-- Run: gamesolver value FILE
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
