-- expect: line 3: the call ran past its budget of 50,000,000 instructions (does it loop for ever?), while the file ran
-- Issue 31.2: the file's body reaches the endless __index itself: watched like any call.
setmetatable(_G, {__index = function(t, k) while true do end end})
local x = undefined_name
