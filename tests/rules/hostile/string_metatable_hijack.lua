-- expect: line 6: the call ran past its budget of 50,000,000 instructions (does it loop for ever?), in start()
-- endless __index, __gc and __close set on the strings' shared metatable.
game = {
  start = function(p)
    local smt = getmetatable("")
    smt.__index = function(s, k) while true do end end
    smt.__gc = function() while true do end end
    smt.__close = function() while true do end end
    return ("x"):len()
  end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
}
