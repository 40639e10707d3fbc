-- expect: line 5: the call ran past its budget of 50,000,000 instructions (does it loop for ever?), in start()
-- Issue 31.4: a 100,000-character literal pattern against 2,000,000 characters (7 s before).
game = {
  start = function(p)
    return string.match(string.rep("a", 2e6), string.rep("a", 1e5 - 1) .. "b") or 0
  end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
}
