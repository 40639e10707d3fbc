-- expect: line 4: the sandbox has no weak tables: a metatable cannot have __mode, in start()
-- Issue 31.4: weak tables let a chain of ephemerons make the collector quadratic.
game = {
  start = function(p) setmetatable({}, {__mode = "k"}) return 0 end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
}
