-- expect: line 5: the call ran past its budget of 50,000,000 instructions (does it loop for ever?), in start()
-- Found in this session's review: a __len that lies makes table.insert shift a huge range.
game = {
  start = function(p)
    table.insert(setmetatable({}, {__len = function() return 1e15 end}), 1, 0)
    return 0
  end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
}
