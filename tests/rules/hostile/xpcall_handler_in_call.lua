-- expect: line 5: the call ran past its budget of 50,000,000 instructions (does it loop for ever?), in moves(3)
-- Issue 31.3: the same inside a rules call.
game = {
  start = function(p) return 3 end,
  moves = function(s, p) return select(2, xpcall(function() while true do end end, function(m) while true do end end)) end,
  play = function(s, m, p) return s - 1 end,
}
