-- expect: line 6: the call ran past its budget of 50,000,000 instructions (does it loop for ever?), in start()
-- a to-be-closed variable whose __close loops for ever, run while the budget's error unwinds.
game = {
  start = function(p)
    local guard <close> = setmetatable({}, {__close = function() while true do end end})
    while true do end
  end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
}
