-- expect: line 10: the position's moves lead to positions of more than
-- Issue 31.5: 10,000 children that are one shared 1 MB string (10 GB of host memory before).
local big = string.rep("x", (1 << 20) - 64)
game = {
  start = function(p) return 0 end,
  moves = function(s, p)
    if s ~= 0 then return {} end
    local r = {} for i = 1, 10000 do r[i] = i end return r
  end,
  play = function(s, m, p) return big end,
}
