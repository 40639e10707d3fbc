-- expect: line 6: the call ran past its budget of 50,000,000 instructions (does it loop for ever?), in start()
-- table.unpack of a table whose __len says 100 million.
game = {
  start = function(p)
    local t = setmetatable({}, {__len = function() return 1e8 end})
    return select("#", table.unpack(t))
  end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
}
