-- expect: line 5: the call ran past its budget of 50,000,000 instructions (does it loop for ever?), in start()
-- Issue 31.8: a pcall in tail position ran the budget out and returned "false": the call fails.
game = {
  -- (the budget runs out on this line, inside the loop)
  start = function(p) return pcall(function() while true do end end) end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
}
