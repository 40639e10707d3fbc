-- expect-value: sg 2
-- parts returning a read-only view of p (p.piles) as its positions.
game = {
  read = function(text) return {{piles = {3, 4, 5}}} end,
  impartial = true,
  start = function(p) return p.piles end,
  parts = function(s, p) if type(s) == "table" then return s end return {s} end,
  moves = function(s, p) local t = {} for i = 1, s do t[i] = i end return t end,
  play = function(s, m, p) return s - m end,
  sample = "x",
}
