-- expect: line 7: the call ran past its budget of 50,000,000 instructions (does it loop for ever?), in start()
-- gsub over 8 MB with a table of replacements, in a loop.
game = {
  start = function(p)
    local s = string.rep("ab", 4 << 20)
    local n = 0
    for i = 1, 1000 do n = n + select(2, s:gsub("%w", {a = "1", b = "22"})) end
    return n
  end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
}
