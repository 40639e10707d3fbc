-- expect: the rules raised an error that is a table, not a message, in start()
-- error() of a table with an endless __tostring and a 1 MB __name.
game = {
  start = function(p)
    error(setmetatable({}, {__tostring = function() while true do end end, __name = string.rep("n", 1 << 20)}))
  end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
}
