-- expect: line 4: the call ran past its budget of 50,000,000 instructions (does it loop for ever?), in start()
-- Issue 31.4: %b scans to the end of the text from every start: quadratic.
game = {
  start = function(p) return string.find(string.rep("(", 1e6), "%b()") or 0 end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
}
