-- expect: line 3: the call ran past its budget of 50,000,000 instructions (does it loop for ever?), while the file ran
-- Issue 31.3: a message handler runs after the budget is spent; it must not run for ever.
xpcall(function() while true do end end, function(m) while true do end end)
