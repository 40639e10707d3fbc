-- expect: the rules raised an error that is a table, not a message, in start()
-- a __close that raises a table whose __tostring loops: the host never calls it.
game = {
  start = function(p)
    local guard <close> = setmetatable({}, {__close = function() error(setmetatable({}, {__tostring = function() while true do end end})) end})
    return 1
  end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
}
