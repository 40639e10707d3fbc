-- expect: line 7: '__index' chain too long; possible loop, in start()
-- an __index chain of 100,000 tables.
game = {
  start = function(p)
    local t = {}
    for i = 1, 100000 do t = setmetatable({}, {__index = t}) end
    return t.missing
  end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
}
