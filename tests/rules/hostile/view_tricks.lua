-- expect-value: loss 0
-- Every way to write into the views of p (p and its tables are read-only in place: they hold
-- their values, and every write goes to their refusal): a field or an index that exists,
-- rawset, setmetatable, table.move, insert, remove and sort, a __newindex that is a view, and
-- next, rawlen, rawequal, getmetatable and pairs reading them. Nothing changes.
game = {
  read = function(text) return {{sizes = {4, 1, 3}, n = 5}} end,
  start = function(p)
    local v = p.sizes
    assert(rawlen(v) == 3 and #v == 3 and next(v) == 1 and rawequal(v, p.sizes))
    assert(getmetatable(v) == false and getmetatable(p) == false)
    assert(not pcall(setmetatable, v, {}))
    local f, s = pairs(v)
    assert(not pcall(f, s, "no such key"))
    assert(not pcall(rawset, v, 1, 2))
    assert(not pcall(rawset, p, "n", 6))
    assert(not pcall(function() v[1] = 9 end))
    assert(not pcall(function() local i = 2 v[i] = 9 end))
    assert(not pcall(function() v[4] = 9 end))
    assert(not pcall(function() p.n = 6 end))
    assert(not pcall(function() p["sizes"] = {} end))
    assert(not pcall(table.move, {1, 2, 3}, 1, 3, 1, v))
    assert(not pcall(table.move, v, 1, 2, 2))
    assert(not pcall(table.remove, v))
    assert(not pcall(table.insert, v, 1, 7))
    assert(not pcall(table.sort, v))
    local proxy = setmetatable({}, {__newindex = v})
    assert(not pcall(function() proxy[1] = 9 end))
    local k, inner = f(s, nil)
    assert(k == 1 and inner == 4)
    local pf, ps = pairs(p)
    local seen = 0
    for key, value in pf, ps do seen = seen + 1 end
    assert(seen == 2)
    assert(v[1] == 4 and v[2] == 1 and v[3] == 3 and v[4] == nil and p.n == 5)
    return v
  end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
  sample = "x",
}
