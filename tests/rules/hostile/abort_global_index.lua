-- expect: the rules must define a table named game
-- Issue 31.1: an __index on the globals that raises; the loader reads game raw.
setmetatable(_G, {__index = function(t, k) error("boom") end})
