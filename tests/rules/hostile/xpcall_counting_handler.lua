-- expect: line 3: the call ran past its budget of 50,000,000 instructions (does it loop for ever?), while the file ran
-- Issue 31.3: a handler that counts to 1e9 (41 s in one call before).
xpcall(function() while true do end end, function(m) local x = 0 for i = 1, 1e9 do x = x + i end return m end)
