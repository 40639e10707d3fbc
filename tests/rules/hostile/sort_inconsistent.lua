-- expect: line 7: invalid order function for sorting, in start()
-- table.sort with a comparator that always says true.
game = {
  start = function(p)
    local t = {}
    for i = 1, 200000 do t[i] = i % 7 end
    table.sort(t, function(a, b) return true end)
    return #t
  end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
}
