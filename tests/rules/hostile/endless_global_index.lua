-- expect: the rules must define a table named game
-- Issue 31.2: an endless __index on the globals, reached only by the loader's reads.
setmetatable(_G, {__index = function(t, k) while true do end end})
