-- expect: C stack overflow, in start()
-- __concat that concatenates again: endless recursion through a metamethod.
game = {
  start = function(p)
    local mt = {}
    mt.__concat = function(a, b) return setmetatable({}, mt) .. "x" end
    return setmetatable({}, mt) .. "x"
  end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
}
