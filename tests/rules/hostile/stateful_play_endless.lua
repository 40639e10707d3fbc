-- expect-value: draw
-- play that returns a different position at every call.
local calls = 0
game = {
  start = function(p) return 0 end,
  moves = function(s, p) return {1} end,
  play = function(s, m, p) calls = calls + 1 return calls % 50 end,
}
