-- expect: game.start is missing: every game needs start, moves and play
-- Issue 31.2: an endless __index on game.
game = setmetatable({}, {__index = function(t, k) while true do end end})
