-- expect-value: loss 0
-- rawlen, next, rawequal, getmetatable, setmetatable, rawset, table.move and the pairs iterator on the views of p.
game = {
  read = function(text) return {{sizes = {4, 1, 3}, n = 5}} end,
  start = function(p)
    local v = p.sizes
    assert(rawlen(v) == 0 and next(v) == nil and rawequal(v, p.sizes) and getmetatable(v) == false)
    assert(not pcall(setmetatable, v, {}))
    local f, s = pairs(v)
    assert(not pcall(f, s, "no such key"))
    assert(not pcall(rawset, v, 1, 2))
    assert(not pcall(table.move, {1, 2, 3}, 1, 3, 1, v))
    assert(not pcall(table.remove, v))
    local k, inner = f(s, nil)
    assert(k == 1 and inner == 4)
    local pf, ps = pairs(p)
    local seen = 0
    for key, value in pf, ps do seen = seen + 1 end
    assert(seen == 2)
    return v
  end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
  sample = "x",
}
