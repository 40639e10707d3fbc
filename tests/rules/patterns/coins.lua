-- A row of n coins of 1 point; each turn a player takes one. The first player's margin is
-- n % 2.
game = {
  params = { {"n", 7, 0, 1000} },
  start = function(p) return p.n end,
  moves = function(s, p) if s > 0 then return {1} end return {} end,
  play = function(s, m, p) return s - 1 end,
  gain = function(s, m, p) return 1 end,
}
