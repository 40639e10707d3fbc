-- expect: line 4: the position start returned has a key that is not whole, in start()
-- a position with the float key 2^63, past int64.
game = {
  start = function(p) return {[2^63] = 1} end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
}
