-- expect: line 7: the call ran past its budget of 50,000,000 instructions (does it loop for ever?), in start()
-- Issue 31.4: the same as a plain find, in a loop (a plain search is linear, charged by length).
game = {
  start = function(p)
    local text, pattern = string.rep("a", 2e6), string.rep("a", 1e5 - 1) .. "b"
    local found = 0
    for i = 1, 1e6 do if string.find(text, pattern, 1, true) then found = found + 1 end end
    return found
  end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
}
