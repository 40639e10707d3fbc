-- expect: the game needs more than the memory budget of
-- Issue 31.5: a chain of 1 MB positions (2.0 GB for a 1 GiB budget before).
local big = string.rep("x", (1 << 20) - 64)
game = {
  start = function(p) return {0, big} end,
  moves = function(s, p) return {1} end,
  play = function(s, m, p) return {s[1] + 1, big} end,
}
