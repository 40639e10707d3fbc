-- expect-value: win 1
-- name returning a 100 MB string of invalid UTF-8 for each of 100 moves.
local big = string.rep("\xff", 100 << 20)
local list = {}
for i = 1, 100 do list[i] = i end
game = {
  start = function(p) return 0 end,
  moves = function(s, p) if s == 0 then return list end return {} end,
  play = function(s, m, p) return 1 end,
  name = function(m, s, p) return big end,
}
