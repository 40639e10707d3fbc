-- expect: line 7: the call ran past its budget of 50,000,000 instructions (does it loop for ever?), in start()
-- tonumber of a 1 MB string in base 36, a million times.
game = {
  start = function(p)
    local s = string.rep("z", 1 << 20)
    local n = 0
    for i = 1, 1e6 do if tonumber(s, 36) then n = n + 1 end end
    return n
  end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
}
