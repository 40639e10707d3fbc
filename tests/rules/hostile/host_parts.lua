-- expect: line 9: parts returned positions of more than 16 MiB in all, in parts(0)
-- Issue 31.5: parts returning 60,000 references to one 1 MB string.
local big = string.rep("x", (1 << 20) - 64)
game = {
  impartial = true,
  start = function(p) return 0 end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
  parts = function(s, p)
    if s ~= 0 then return {s} end
    local r = {} for i = 1, 60000 do r[i] = big end return r
  end,
}
