-- expect-value: win 1
-- Issue 31.6: 60 names of 20 MB each (analyze wrote 1.2 GB before): a name is cut to 256 bytes.
local long = string.rep("n", 20 << 20)
game = {
  start = function(p) return 1 end,
  moves = function(s, p) if s == 0 then return {} end local r = {} for i = 1, 60 do r[i] = i end return r end,
  play = function(s, m, p) return 0 end,
  name = function(m, s, p) return long end,
}
