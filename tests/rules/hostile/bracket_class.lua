-- expect: line 5: the call ran past its budget of 50,000,000 instructions (does it loop for ever?), in start()
-- Found in this session's review: a set of 100,000 characters is scanned for each character matched.
game = {
  start = function(p)
    return select(2, string.gsub(string.rep("x", 2e6), "[" .. string.rep("a", 1e5) .. "]", ""))
  end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
}
