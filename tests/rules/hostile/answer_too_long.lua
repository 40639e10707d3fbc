-- expect: line 8: answer returned 16,777,217 bytes; at most 16,777,216, in answer(r, p)
-- answer returning 16 MiB + 1 byte.
local big = string.rep("a", (16 << 20) + 1)
game = {
  start = function(p) return 0 end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
  answer = function(r, p) return big end,
}
