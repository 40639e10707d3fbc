-- expect-value: loss 0
-- a case holding a million empty tables: each becomes a read-only view in p. A view is the
-- table itself, its metatable one for all, so p costs no more than the case's own tables (a
-- proxy a view, as before, ran past the memory cap natively); every table is charged, and the
-- case's size is capped (kMaxCaseBytes).
local cell = {}
for i = 1, 1000000 do cell[i] = {} end
game = {
  read = function(text) return {{cells = cell}} end,
  start = function(p)
    assert(#p.cells == 1000000 and next(p.cells[1]) == nil and getmetatable(p.cells[7]) == false)
    assert(not pcall(function() p.cells[7].x = 1 end))
    return 0
  end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
  sample = "x",
}
