-- expect: game.start is missing: every game needs start, moves and play
-- Issue 31.1: a game table whose __index raises: its fields are read raw.
game = setmetatable({}, {__index = function(t, k) error("boom") end})
