-- expect: the rules used more than their memory cap of 256 MiB, in start()
-- a case holding a million empty tables: each becomes a read-only view in p.
local cell = {}
for i = 1, 1000000 do cell[i] = {} end
game = {
  read = function(text) return {{cells = cell}} end,
  start = function(p) return #p.cells end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
  sample = "x",
}
